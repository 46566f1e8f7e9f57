import { sql } from 'kysely';
import type { Queries } from '../../db/kysely.js';

/** The statements of this repository, built but not run: what jobs-done-repository.sql shows. */
export const jobsDoneQueries = {
  claim: (tx: Queries, key: string) =>
    tx
      .insertInto('jobs_done')
      .values({ key })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key'),

  pruneOlderThanDays: (db: Queries, days: number) =>
    db.deleteFrom('jobs_done').where('done_at', '<', sql<Date>`now() - make_interval(days => ${days}::int)`),
};

/**
 * Claims `key` inside the transaction that does the work: true for the first run, false when a run
 * before it committed the same work (a retry after a crash, a second process). The claim and the
 * work commit together or not at all, so the work happens once.
 */
export async function claimOnce(tx: Queries, key: string): Promise<boolean> {
  return (await jobsDoneQueries.claim(tx, key).execute()).length === 1;
}

/** How long a key is kept: much longer than any job is retried. */
const KEEP_DAYS = 60;

export async function pruneJobsDone(db: Queries): Promise<void> {
  await jobsDoneQueries.pruneOlderThanDays(db, KEEP_DAYS).execute();
}
