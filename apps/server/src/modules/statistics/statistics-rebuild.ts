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
 * The rebuild's own statements, built but not run: what statistics-rebuild.sql shows. The SQL that
 * adds the raw rows is text the database writes (`stats_*_sql`), run as it is.
 */
export const statisticsRebuildQueries = {
  lockSources: () => sql`lock table ${sql.join(sources.map(([table]) => sql.table(table)))} in share mode`,
  clearSiteDays: (tx: Queries) => tx.deleteFrom('stats_site_days'),
  clearPermitDays: (tx: Queries) => tx.deleteFrom('stats_permit_days'),
  aggregateSql: (table: (typeof sources)[number][0], fn: (typeof sources)[number][1]) =>
    sql<{ q: string }>`select ${sql.raw(fn)}(${table}, 1) as q`,
  counts: (tx: Queries) =>
    tx.selectNoFrom((eb) => [
      eb.selectFrom('stats_site_days').select(eb.fn.countAll().as('n')).as('site_days'),
      eb.selectFrom('stats_permit_days').select(eb.fn.countAll().as('n')).as('permit_days'),
    ]),
};

/**
 * Recomputes the daily statistics from the raw rows in one transaction, with the same SQL the triggers
 * run (text the database writes, so run as it is). Writes to the raw tables wait meanwhile (share
 * lock), so nothing is counted twice or missed.
 */
export async function rebuildStatistics(queries: Queries): Promise<{ siteDays: number; permitDays: number }> {
  return queries.transaction().execute(async (tx) => {
    const q = statisticsRebuildQueries;
    await q.lockSources().execute(tx);
    await q.clearSiteDays(tx).execute();
    await q.clearPermitDays(tx).execute();
    for (const [table, fn] of sources) {
      const { rows } = await q.aggregateSql(table, fn).execute(tx);
      await sql.raw(rows[0]!.q).execute(tx);
    }
    const counts = await q.counts(tx).executeTakeFirstOrThrow();
    return { siteDays: Number(counts.site_days), permitDays: Number(counts.permit_days) };
  });
}
