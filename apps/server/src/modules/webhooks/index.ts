/** Signed webhooks for a client company's own systems (decision 45): the webhooks module's public surface. */

export { webhookRoutes } from './routes.js';
export { recordWebhookEvent, recordWebhookEvents } from './webhook-events.js';
export { webhookJobs } from './webhook-jobs.js';
export { webhooksSqlSnapshot } from './webhooks-sql-snapshot.js';
