/** The audit trail: the audit module's public surface. */
export { type AuditEntry, listAuditForUser, recordAudit } from './audit-repository.js';
export { auditSqlSnapshot } from './audit-sql-snapshot.js';
