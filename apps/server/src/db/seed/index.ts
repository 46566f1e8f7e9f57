import { hash } from '@node-rs/argon2';
import type { SqlSession } from '../client.js';
import { insertConfig } from './app-config.js';
import { syncCatalogue } from './catalogue.js';
import { addDays, daysBetween, startOfUtcDay, startOfUtcMonth } from './dates.js';
import { DEFAULT_PERMIT_COUNT, insertPermits } from './permits.js';
import { insertRoles } from './roles.js';
import { insertSightings } from './sightings.js';
import { insertSites } from './sites.js';
import { DEFAULT_TICKET_COUNT, insertTickets } from './tickets.js';
import { DEFAULT_TRANSACTIONS_PER_SITE_PER_DAY, insertTransactions } from './transactions.js';
import { DEMO_PASSWORD, demoUserId, insertUsers } from './users.js';

export { syncCatalogue } from './catalogue.js';
export { DEMO_ACCOUNTS, demoFacts } from './demo-facts.js';
export { DEMO_PASSWORD, DEMO_TOTP_SECRET, demoUserId } from './users.js';

/** Written last, in the seed's own transaction: its presence means the demo data is complete. */
const SEED_MARKER = 'demo-seeded-at';

interface SeedOptions {
  /** Every seeded date is relative to this instant; defaults to now. */
  today?: Date;
  transactionsPerSitePerDay?: number;
}

/**
 * Fills an empty, migrated database with the demo data, all or nothing; does nothing when it ran before.
 * Deterministic: the same `today` always makes the same rows. Call under the start-up lock.
 */
export async function seedDemo(
  session: SqlSession,
  options: SeedOptions = {},
): Promise<{ seeded: boolean; ms: number }> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const marker = await session.query('select 1 from app_secrets where name = $1', [SEED_MARKER]);
  if (marker.rows.length > 0) return { seeded: false, ms: elapsed() };

  const today = options.today ?? new Date();
  const day0 = startOfUtcDay(today);
  // The current month so far and the twelve before it.
  const firstTransactionDay = startOfUtcMonth(today, 12);
  // One hash shared by every demo account: argon2 is slow on purpose, and the accounts are public anyway.
  const passwordHash = await hash(DEMO_PASSWORD);

  await session.exec('begin');
  try {
    // Whole-day arithmetic in UTC, whatever the server's time zone, so every run makes the same instants.
    await session.exec("set local time zone 'UTC'");
    await syncCatalogue(session);
    await insertSites(session);
    const roleIds = await insertRoles(session, addDays(day0, -430));
    await insertUsers(session, { roleIds, passwordHash, day0 });
    await insertPermits(session, {
      day0,
      count: DEFAULT_PERMIT_COUNT,
      clerkId: demoUserId('clerk@acme.example'),
      managerId: demoUserId('manager@acme.example'),
      receptionId: demoUserId('reception@acme.example'),
    });
    await insertTickets(session, {
      today,
      day0,
      monthStart: startOfUtcMonth(today),
      count: DEFAULT_TICKET_COUNT,
    });
    await insertTransactions(session, {
      firstDay: firstTransactionDay,
      days: daysBetween(firstTransactionDay, day0),
      perDay: options.transactionsPerSitePerDay ?? DEFAULT_TRANSACTIONS_PER_SITE_PER_DAY,
    });
    await insertSightings(session, { day0 });
    await insertConfig(session, day0);
    await session.query('insert into app_secrets (name, value) values ($1, $2)', [
      SEED_MARKER,
      today.toISOString(),
    ]);
    await session.exec('analyze');
    await session.exec('commit');
  } catch (error) {
    await session.exec('rollback');
    throw error;
  }
  return { seeded: true, ms: elapsed() };
}
