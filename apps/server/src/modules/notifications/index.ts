/**
 * Notifications (the centre, the send page, live streams) and the mail sent on the portal's own
 * schedule or after an action: the notifications module's public surface.
 */
export { permitDigestJobs } from './digest-schedule.js';
export { recordFlagNotification } from './flag-notifications.js';
export { notificationMail } from './notification-mail.js';
export { notificationsSqlSnapshots } from './notifications-sql-snapshot.js';
export { notificationPublishJobs } from './publish.js';
export { notificationRoutes } from './routes.js';
export { notificationStreamRoute } from './stream-route.js';
export { sendTicketActionReceipt } from './ticket-receipts.js';
