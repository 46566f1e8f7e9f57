/** Personal data kept only as long as needed (issue 28, decision 48): the privacy module's public surface. */
export { type Anonymiser, loadAnonymiser } from './anonymise.js';
export { privacySqlSnapshots } from './privacy-sql-snapshot.js';
export { publicPrivacyRoutes } from './public-routes.js';
export { retentionJobs } from './retention-job.js';
export { applyRetention, runRetention } from './retention-service.js';
export { privacyRoutes } from './routes.js';
