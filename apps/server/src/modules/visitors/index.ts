/** Visitors who register their own car through a site's link or QR code (issue 27, decision 47). */
export { publicVisitRoutes } from './public-routes.js';
export { visitorLinkRoutes } from './routes.js';
export { visitorReminderJobs } from './visitor-reminders.js';
export { visitorsSqlSnapshot } from './visitors-sql-snapshot.js';
