import { sql } from 'kysely';
import type { SqlExecutor } from '../../db/client.js';
import { JOB_SCHEMA } from '../../db/job-schema.js';
import type { Queries } from '../../db/kysely.js';

/** The statements of this repository, built but not run: what jobs-repository.sql shows. */
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

// pg-boss's own tables are not in the generated row types: these statements say what they read.

export interface QueueStateRow {
  kind: string;
  queued: number;
  retrying: number;
  active: number;
  failed: number;
  oldest_queued_at: Date | null;
}

export interface FailedJobRow {
  id: string;
  kind: string;
  queued_at: Date;
  failed_at: Date | null;
  attempts: number;
  error: string | null;
  mail_to: string | null;
  mail_subject: string | null;
  data_day: string | null;
}

/** Each kind's jobs by state, and its oldest waiting one (pg-boss's (name, state) indexes serve it). */
export async function readQueueStates(db: Queries): Promise<QueueStateRow[]> {
  const result = await sql<QueueStateRow>`
    select name as kind,
           count(*) filter (where state = 'created')::int as queued,
           count(*) filter (where state = 'retry')::int as retrying,
           count(*) filter (where state = 'active')::int as active,
           count(*) filter (where state = 'failed')::int as failed,
           min(created_on) filter (where state in ('created', 'retry')) as oldest_queued_at
    from pgboss.job group by name`.execute(db);
  return result.rows;
}

/** The latest `limit` jobs out of tries, with what the admin may see of their data (never a body). */
export async function readLatestFailed(db: Queries, limit: number): Promise<FailedJobRow[]> {
  const result = await sql<FailedJobRow>`
    select id::text, name as kind, created_on as queued_at, completed_on as failed_at,
           retry_count + 1 as attempts, output->>'message' as error,
           data->>'to' as mail_to, data->>'subject' as mail_subject, data->>'day' as data_day
    from pgboss.job where state = 'failed'
    order by completed_on desc nulls last, id limit ${limit}`.execute(db);
  return result.rows;
}

/** The kind of the failed job with this id, or undefined when no failed job has it. */
export async function failedJobKind(db: Queries, id: string): Promise<string | undefined> {
  const result = await sql<{ kind: string }>`
    select name as kind from pgboss.job where id = ${id}::uuid and state = 'failed'`.execute(db);
  return result.rows[0]?.kind;
}

/** Jobs of `kind` waiting to be tried again start now rather than at the end of their backoff. */
export async function startRetriesNow(db: SqlExecutor, kind: string): Promise<void> {
  await db.executeSql(
    `update ${JOB_SCHEMA}.job set start_after = now()
     where name = $1 and state = 'retry' and start_after > now()`,
    [kind],
  );
}

/** How long a job put back at a stop waits before another process may take it (see handBackFetchedJob). */
export const HAND_BACK_SECONDS = 5;

/**
 * Puts back a job this process fetched but will not run (it is stopping) as it was before the fetch:
 * a first attempt waits as new; a retry waits as a retry with its count as it was (pg-boss's fetch adds
 * one when a job had started before, and will again). It waits `HAND_BACK_SECONDS` before another
 * process may take it, so that pg-boss's own record of the fetch's end (a completion matched only by id
 * and state) has found it no longer active, rather than another process's run of it.
 */
export async function handBackFetchedJob(db: SqlExecutor, id: string, retryCount: number): Promise<void> {
  await db.executeSql(
    retryCount === 0
      ? `update ${JOB_SCHEMA}.job set state = 'created', started_on = null,
           start_after = now() + make_interval(secs => $2::int) where id = $1 and state = 'active'`
      : `update ${JOB_SCHEMA}.job set state = 'retry', retry_count = retry_count - 1,
           start_after = now() + make_interval(secs => $2::int) where id = $1 and state = 'active'`,
    [id, HAND_BACK_SECONDS],
  );
}
