/** Downloadable reports defined as data: the reports module's public surface. */

export { reportSourcesSqlSnapshot, subscriptionsSqlSnapshot } from './reports-sql-snapshot.js';
export { reportRoutes } from './routes.js';
export { reportSubscriptionJobs } from './subscription-schedule.js';
export { type SubscriptionContext, sendDueSubscriptions } from './subscription-sender.js';
