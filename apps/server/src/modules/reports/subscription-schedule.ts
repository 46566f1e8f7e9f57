import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendDueSubscriptions, workerName } from './subscription-sender.js';

/**
 * The `report-subscriptions.due` job, run each minute by its cron schedule (modules/jobs/job-kinds.ts)
 * and once when a worker starts: sends the due subscription mails; the sends' own claims make each
 * mail go out once however many workers run. A failed mail fails the job, which is retried.
 */
export function reportSubscriptionJobs(app: FastifyInstance): void {
  const ctx = {
    database: app.database,
    transport: app.mailTransport,
    settings: app.settings,
    worker: workerName(),
  };
  app.jobs.handle('report-subscriptions.due', z.object({}).loose(), async () => {
    const outcomes = await sendDueSubscriptions(ctx);
    if (outcomes.length > 0) app.log.info({ outcomes }, 'report subscriptions sent');
  });
}
