import { FAILED_JOBS_SHOWN, type JobsOverview } from '@client-portal/contract';
import type { Queries } from '../../db/kysely.js';
import { ProblemError } from '../../plugins/problem.js';
import type { JobEngine } from './job-engine.js';
import { isJobKind, jobKinds } from './job-kinds.js';
import { type FailedJobRow, failedJobKind, readLatestFailed, readQueueStates } from './jobs-repository.js';

/**
 * Each kind's queue (jobs waiting, retrying, running, failed) and the latest failures: what operator
 * administrators watch on the jobs page. Served by pg-boss's (name, state) indexes.
 */
export async function readJobsOverview(db: Queries): Promise<JobsOverview> {
  const states = await readQueueStates(db);
  const byKind = new Map(states.map((row) => [row.kind, row]));
  const failed = await readLatestFailed(db, FAILED_JOBS_SHOWN);
  const total = states.reduce((sum, row) => sum + row.failed, 0);
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
      rows: failed.map((row) => ({
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
function summaryOf(row: FailedJobRow): string {
  if (row.kind === 'mail.send') return `To ${row.mail_to ?? 'unknown'}: ${row.mail_subject ?? ''}`.trim();
  if (row.data_day) return `For ${row.data_day}`;
  return '';
}

/** Puts a failed job back in its queue for another round of tries; 404 when no failed job has the id. */
export async function retryFailedJob(db: Queries, jobs: JobEngine, id: string): Promise<void> {
  const kind = await failedJobKind(db, id);
  if (!kind || !isJobKind(kind)) throw new ProblemError(404, 'Not Found', 'No failed job has this id.');
  await jobs.boss.retry(kind, id);
}
