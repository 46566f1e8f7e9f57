/**
 * Every kind of background job, its retry policy and the cron schedules that start work on their own:
 * the one place where the portal's scheduled work is declared (issue 25, decision 40).
 */

/** A kind's retries: pg-boss waits `retryDelay` seconds, doubling each time when `retryBackoff`. */
interface RetryPolicy {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  /** How long one attempt may run before it counts as failed (and is retried). */
  expireInSeconds: number;
}

export const jobKinds = {
  /** One email through SMTP (or the outbox): 12 more tries, the waits doubling from 5-10 s to hours. */
  'mail.send': { retryLimit: 12, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  /** Starts the day's permit-expiry digests: one `permit-digest.send` job per flagged user. */
  'permit-digest.plan': { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
  /** One user's digest for one UK day: their notification and its email, in one transaction. */
  'permit-digest.send': { retryLimit: 10, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 },
  /** Sends the report subscription mails that have fallen due (their own claims keep each once). */
  'report-subscriptions.due': { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 1800 },
  /** Publishes the notifications whose start has come, and queues their emails. */
  'notifications.publish-due': { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
  /** Turns the webhooks' outbox into deliveries (decision 45); woken by NOTIFY, and each minute. */
  'webhooks.dispatch': { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
  /**
   * One webhook delivery: 12 more tries, the waits doubling from 10-20 s, so the last comes 11 to 23
   * hours after the first (pg-boss's jitter); each attempt waits 10 s at most for its answer.
   */
  'webhooks.deliver': { retryLimit: 12, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 },
  /** Drops the webhooks' events and delivery log older than 30 days. */
  'webhooks.prune': { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
  /** Anonymises or deletes the personal data past its retention period, in short batches (decision 48). */
  'retention.run': { retryLimit: 5, retryDelay: 300, retryBackoff: true, expireInSeconds: 3600 },
  /** A visitor's reminder, 15 minutes before their permit ends (decision 47): queued with a start time. */
  'visitors.remind': { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
} as const satisfies Record<string, RetryPolicy>;

export type JobKind = keyof typeof jobKinds;

export const isJobKind = (name: string): name is JobKind => Object.hasOwn(jobKinds, name);

/** A cron schedule (UK time): pg-boss sends the job once per matching minute, whatever runs. */
export interface CronSchedule {
  kind: JobKind;
  cron: string;
  /** The setting that turns it off, if any. */
  enabledBy?: 'PERMIT_DIGEST_ENABLED' | 'REPORT_SUBSCRIPTIONS_ENABLED';
}

export const cronSchedules: readonly CronSchedule[] = [
  // Digests at the start of the UK working day.
  { kind: 'permit-digest.plan', cron: '0 7 * * *', enabledBy: 'PERMIT_DIGEST_ENABLED' },
  { kind: 'report-subscriptions.due', cron: '* * * * *', enabledBy: 'REPORT_SUBSCRIPTIONS_ENABLED' },
  // A backstop: each scheduled notification also has a job of its own at its start.
  { kind: 'notifications.publish-due', cron: '* * * * *' },
  // A backstop: each new webhook event wakes the dispatcher at once (NOTIFY).
  { kind: 'webhooks.dispatch', cron: '* * * * *' },
  { kind: 'webhooks.prune', cron: '30 3 * * *' },
  // Retention in the quiet of the night (UK time); one run per UK day (retention_runs).
  { kind: 'retention.run', cron: '30 2 * * *' },
];

export const CRON_TIME_ZONE = 'Europe/London';
