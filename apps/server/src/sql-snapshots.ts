import type { SqlSnapshot } from './db/sql-snapshots.js';
import { accessSqlSnapshot } from './modules/access/index.js';
import { apiKeysSqlSnapshot } from './modules/api-keys/index.js';
import { auditSqlSnapshot } from './modules/audit/index.js';
import { configSqlSnapshot } from './modules/config/index.js';
import { healthSqlSnapshot } from './modules/health/index.js';
import { identitySqlSnapshot, rateLimitSqlSnapshot } from './modules/identity/index.js';
import { invoicingSqlSnapshot } from './modules/invoicing/index.js';
import { jobsSqlSnapshot } from './modules/jobs/index.js';
import { notificationsSqlSnapshots } from './modules/notifications/index.js';
import { permitAllowancesSqlSnapshot } from './modules/permit-allowances/index.js';
import {
  permitAddSqlSnapshot,
  permitCancelSqlSnapshot,
  permitConfirmationSqlSnapshot,
  permitEditSqlSnapshot,
  permitEventsSqlSnapshot,
  permitExpireSqlSnapshot,
  permitsListSqlSnapshot,
} from './modules/permits/index.js';
import { privacySqlSnapshots } from './modules/privacy/index.js';
import { reportSourcesSqlSnapshot, subscriptionsSqlSnapshot } from './modules/reports/index.js';
import { rolesSqlSnapshot } from './modules/roles/index.js';
import { sightingsSqlSnapshot } from './modules/sightings/index.js';
import { sitesSqlSnapshot } from './modules/sites/index.js';
import { statisticsRebuildSqlSnapshot, statisticsSqlSnapshot } from './modules/statistics/index.js';
import {
  coveredTicketsSqlSnapshot,
  ticketListSqlSnapshot,
  ticketsSqlSnapshot,
} from './modules/tickets/index.js';
import { userAccountsSqlSnapshot } from './modules/user-accounts/index.js';
import { visitorsSqlSnapshot } from './modules/visitors/index.js';
import { webhooksSqlSnapshot } from './modules/webhooks/index.js';
import { signingKeySqlSnapshot } from './plugins/signing-key-sql-snapshot.js';

/** Every repository's SQL, committed beside it (decision 31). */
export const sqlSnapshots: readonly SqlSnapshot[] = [
  accessSqlSnapshot,
  apiKeysSqlSnapshot,
  webhooksSqlSnapshot,
  jobsSqlSnapshot,
  healthSqlSnapshot,
  statisticsSqlSnapshot,
  statisticsRebuildSqlSnapshot,
  invoicingSqlSnapshot,
  permitsListSqlSnapshot,
  permitAddSqlSnapshot,
  permitCancelSqlSnapshot,
  permitConfirmationSqlSnapshot,
  permitEditSqlSnapshot,
  permitExpireSqlSnapshot,
  permitEventsSqlSnapshot,
  auditSqlSnapshot,
  userAccountsSqlSnapshot,
  rolesSqlSnapshot,
  identitySqlSnapshot,
  rateLimitSqlSnapshot,
  reportSourcesSqlSnapshot,
  subscriptionsSqlSnapshot,
  configSqlSnapshot,
  sitesSqlSnapshot,
  sightingsSqlSnapshot,
  permitAllowancesSqlSnapshot,
  visitorsSqlSnapshot,
  ...notificationsSqlSnapshots,
  ticketsSqlSnapshot,
  coveredTicketsSqlSnapshot,
  ticketListSqlSnapshot,
  signingKeySqlSnapshot,
  ...privacySqlSnapshots,
];
