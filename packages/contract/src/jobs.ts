import { z } from 'zod';

/** The admin's page of background jobs shows at most this many failures, the latest first. */
export const FAILED_JOBS_SHOWN = 50;

/** One kind of background job as the admin page shows it (issue 25, decision 40). */
export const jobKindStateSchema = z.object({
  kind: z.string(),
  /** Waiting to run, now or at a later time. */
  queued: z.number().int().min(0),
  /** Failed at least once and waiting for the next try. */
  retrying: z.number().int().min(0),
  active: z.number().int().min(0),
  /** Out of tries: on the failed list until retried (kept two weeks). */
  failed: z.number().int().min(0),
  /** When the oldest job still waiting to run was queued; null when none waits. */
  oldestQueuedAt: z.iso.datetime({ offset: true }).nullable(),
});

export const failedJobSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  queuedAt: z.iso.datetime({ offset: true }),
  failedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Tries made: the first and every retry. */
  attempts: z.number().int().min(1),
  /** The last try's error message (never the job's data). */
  error: z.string(),
  /** What the job was for, without secrets: a mail's address and subject, never its body. */
  summary: z.string(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

/** 200 answer of GET /admin/jobs. */
export const jobsOverviewSchema = z.object({
  kinds: z.array(jobKindStateSchema),
  failed: z.object({ rows: z.array(failedJobSchema).max(FAILED_JOBS_SHOWN), total: z.number().int().min(0) }),
});
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;
