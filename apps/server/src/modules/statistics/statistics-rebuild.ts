import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectRows } from '../../db/rows.js';

/** The raw tables and the function that answers the SQL adding their rows to the aggregates (migration 0010). */
const sources = [
  ['transactions', 'stats_transactions_sql'],
  ['tickets', 'stats_tickets_sql'],
  ['ticket_actions', 'stats_ticket_actions_sql'],
  ['permits', 'stats_permits_sql'],
] as const;

/**
 * Recomputes the daily statistics from the raw rows in one transaction, with the same SQL the triggers
 * run. Writes to the raw tables wait meanwhile (share lock), so nothing is counted twice or missed.
 */
export async function rebuildStatistics(db: Db): Promise<{ siteDays: number; permitDays: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`lock table ${sources.map(([t]) => t).join(', ')} in share mode`));
    await tx.execute(sql`delete from stats_site_days`);
    await tx.execute(sql`delete from stats_permit_days`);
    for (const [table, fn] of sources) {
      const [statement] = await selectRows<{ q: string }>(
        tx as unknown as Db,
        sql`select ${sql.raw(fn)}(${table}, 1) as q`,
      );
      await tx.execute(sql.raw(statement!.q));
    }
    const [counts] = await selectRows<{ site_days: string; permit_days: string }>(
      tx as unknown as Db,
      sql`select (select count(*) from stats_site_days) as site_days,
                 (select count(*) from stats_permit_days) as permit_days`,
    );
    return { siteDays: Number(counts!.site_days), permitDays: Number(counts!.permit_days) };
  });
}
