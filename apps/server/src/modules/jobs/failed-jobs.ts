import { FAILED_JOBS_SHOWN, type JobsOverview } from '@client-portal/contract';
import { sql } from 'kysely';
import type { Queries } from '../../db/kysely.js';
import { ProblemError } from '../../plugins/problem.js';
import type { JobEngine } from './job-engine.js';
import { isJobKind, jobKinds } from './job-kinds.js';

// pg-boss's own tables are not in the generated row types: these statements say what they read.

interface StateRow {
  kind: string;
  queued: number;
  retrying: number;
  active: number;
  failed: number;
  oldest_queued_at: Date | null;
}

interface FailedRow {
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

/**
 * Each kind's queue (jobs waiting, retrying, running, failed) and the latest failures: what operator
 * administrators watch on the jobs page. Served by pg-boss's (name, state) indexes.
 */
export async function readJobsOverview(db: Queries): Promise<JobsOverview> {
  const states = await sql<StateRow>`
    select name as kind,
           count(*) filter (where state = 'created')::int as queued,
           count(*) filter (where state = 'retry')::int as retrying,
           count(*) filter (where state = 'active')::int as active,
           count(*) filter (where state = 'failed')::int as failed,
           min(created_on) filter (where state in ('created', 'retry')) as oldest_queued_at
    from pgboss.job group by name`.execute(db);
  const byKind = new Map(states.rows.map((row) => [row.kind, row]));
  const failed = await sql<FailedRow>`
    select id::text, name as kind, created_on as queued_at, completed_on as failed_at,
           retry_count + 1 as attempts, output->>'message' as error,
           data->>'to' as mail_to, data->>'subject' as mail_subject, data->>'day' as data_day
    from pgboss.job where state = 'failed'
    order by completed_on desc nulls last, id limit ${FAILED_JOBS_SHOWN}`.execute(db);
  const total = states.rows.reduce((sum, row) => sum + row.failed, 0);
  return {
    kinds: Object.keys(jobKinds).map((kind) => {
      const row = byKind.get(kind);
      return {
        kind,
        queued: row?.queued ?? 0,
        retrying: row?.retrying ?? 0,
        active: row?.active ?? 0,
        failed: row?.failed ?? 0,
        oldestQueuedAt: row?.oldest_queued_at ? new Date(row.oldest_queued_at).toISOString() : null,
      };
    }),
    failed: {
      rows: failed.rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        queuedAt: new Date(row.queued_at).toISOString(),
        failedAt: row.failed_at ? new Date(row.failed_at).toISOString() : null,
        attempts: Number(row.attempts),
        error: (row.error ?? 'No message').slice(0, 500),
        summary: summaryOf(row),
      })),
      total,
    },
  };
}

/** What a job was for, without its secrets: a mail's recipient and subject, never its text. */
function summaryOf(row: FailedRow): string {
  if (row.kind === 'mail.send') return `To ${row.mail_to ?? 'unknown'}: ${row.mail_subject ?? ''}`.trim();
  if (row.data_day) return `For ${row.data_day}`;
  return '';
}

/** Puts a failed job back in its queue for another round of tries; 404 when no failed job has the id. */
export async function retryFailedJob(db: Queries, jobs: JobEngine, id: string): Promise<void> {
  const found = await sql<{ kind: string }>`
    select name as kind from pgboss.job where id = ${id}::uuid and state = 'failed'`.execute(db);
  const kind = found.rows[0]?.kind;
  if (!kind || !isJobKind(kind)) throw new ProblemError(404, 'Not Found', 'No failed job has this id.');
  await jobs.boss.retry(kind, id);
}
