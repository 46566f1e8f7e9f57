import { addIsoMonths, ukToday } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from './api-client.js';
import { selectRows } from './fixture-rows.js';
import {
  postgresServerAnswers,
  postgresServerUrl,
  type ServerProcess,
  startServerProcess,
} from './server-processes.js';
import { bearerFor } from './sign-in-as.js';
import { startSmtpInbox } from './smtp-inbox.js';
import { buildTestApp, type TestApp } from './test-app.js';

/** Needs a PostgreSQL server (CI has one): skipped without. */
const reachable = await postgresServerAnswers();

/** More than one claim batch (20), so both processes find work while the other is sending. */
const SUBSCRIPTIONS = 45;

describe.skipIf(!reachable)('report subscriptions with two server processes on PostgreSQL', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await buildTestApp({ postgresUrl: postgresServerUrl, env: { SMTP_URL: inbox.url } });
  }, 240_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await t?.close();
    await inbox?.close();
  });

  it('sends each due subscription exactly once while both processes check', async () => {
    const people = [
      await bearerFor(t, 'manager@acme.example'),
      await bearerFor(t, 'manager@bolt.example'),
      await bearerFor(t, 'admin@operator.example'),
    ];
    const reports = ['permit-register', 'ticket-actions', 'allowance-use', 'user-access'];
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      const res = await api.as(people[i % people.length]!).post('/api/reports/subscriptions', {
        reportKey: reports[i % reports.length],
        frequency: 'monthly',
        delivery: 'attached',
      });
      expect(res.statusCode).toBe(201);
    }
    // Last month's mails, due a minute ago.
    const lastMonth = `${addIsoMonths(ukToday(), -1).slice(0, 8)}01`;
    await t.database.db.execute(
      sql`update report_subscription_sends set period_from = ${lastMonth}::date,
            period_to = (${lastMonth}::date + interval '1 month' - interval '1 day')::date,
            due_at = now() - interval '1 minute'`,
    );
    // Each process checks as it starts (and each minute): both find work at once.
    const env = { DATABASE_URL: t.url!, SMTP_URL: inbox.url };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));

    const deadline = Date.now() + 90_000;
    for (;;) {
      const [{ left }] = (await selectRows<{ left: number }>(
        t.database.db,
        sql`select count(*)::int as left from report_subscription_sends
            where period_from = ${lastMonth}::date and sent_at is null`,
      )) as [{ left: number }];
      if (left === 0) break;
      if (Date.now() > deadline)
        throw new Error(`${left} still unsent:\n${servers.map((s) => s.output()).join('\n')}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    // Several more checks by both processes: nothing more goes out.
    await new Promise((r) => setTimeout(r, 4_000));
    const sent = await selectRows<{ subscription_id: number; claimed_by: string; outcome: string }>(
      t.database.db,
      sql`select subscription_id, claimed_by, outcome from report_subscription_sends
          where period_from = ${lastMonth}::date order by subscription_id`,
    );
    expect(sent).toHaveLength(SUBSCRIPTIONS);
    expect(sent.every((s) => s.outcome === 'sent')).toBe(true);
    expect(inbox.received).toHaveLength(SUBSCRIPTIONS);
    const perPerson = (email: string) => inbox.received.filter((m) => m.to.includes(email)).length;
    expect(perPerson('manager@acme.example')).toBe(SUBSCRIPTIONS / 3);
    expect(perPerson('manager@bolt.example')).toBe(SUBSCRIPTIONS / 3);
    expect(perPerson('admin@operator.example')).toBe(SUBSCRIPTIONS / 3);
    const claims = new Map<string, number>();
    for (const s of sent) claims.set(s.claimed_by, (claims.get(s.claimed_by) ?? 0) + 1);
    console.info('mails sent per process:', Object.fromEntries(claims));
    // Each subscription's next month is queued once.
    const [{ queued }] = (await selectRows<{ queued: number }>(
      t.database.db,
      sql`select count(*)::int as queued from report_subscription_sends where sent_at is null`,
    )) as [{ queued: number }];
    expect(queued).toBe(SUBSCRIPTIONS);
  }, 180_000);
});
