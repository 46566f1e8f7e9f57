/** The audit trail: the audit module's public surface. */
export {
  type AuditEntry,
  listAuditForUser,
  listRecentActionsOf,
  recordAudit,
} from './audit-repository.js';
export { auditSqlSnapshot } from './audit-sql-snapshot.js';
