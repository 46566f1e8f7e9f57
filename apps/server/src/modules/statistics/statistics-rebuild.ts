import { sql } from 'kysely';
import type { Queries } from '../../db/kysely.js';

/** The raw tables and the function that answers the SQL adding their rows to the aggregates (migration 0010). */
const sources = [
  ['transactions', 'stats_transactions_sql'],
  ['tickets', 'stats_tickets_sql'],
  ['ticket_actions', 'stats_ticket_actions_sql'],
  ['permits', 'stats_permits_sql'],
] as const;

/**
 * Recomputes the daily statistics from the raw rows in one transaction, with the same SQL the triggers
 * run (text the database writes, so run as it is). Writes to the raw tables wait meanwhile (share
 * lock), so nothing is counted twice or missed.
 */
export async function rebuildStatistics(queries: Queries): Promise<{ siteDays: number; permitDays: number }> {
  return queries.transaction().execute(async (tx) => {
    await sql`lock table ${sql.join(sources.map(([table]) => sql.table(table)))} in share mode`.execute(tx);
    await tx.deleteFrom('stats_site_days').execute();
    await tx.deleteFrom('stats_permit_days').execute();
    for (const [table, fn] of sources) {
      const { rows } = await sql<{ q: string }>`select ${sql.raw(fn)}(${table}, 1) as q`.execute(tx);
      await sql.raw(rows[0]!.q).execute(tx);
    }
    const counts = await tx
      .selectNoFrom((eb) => [
        eb.selectFrom('stats_site_days').select(eb.fn.countAll().as('n')).as('site_days'),
        eb.selectFrom('stats_permit_days').select(eb.fn.countAll().as('n')).as('permit_days'),
      ])
      .executeTakeFirstOrThrow();
    return { siteDays: Number(counts.site_days), permitDays: Number(counts.permit_days) };
  });
}
