/**
 * Permits: the permits module's public surface. Laid out by use case (issue 23), each folder a
 * command or a query with its own checks and SQL:
 *
 * - routes.ts            the HTTP routes, thin: parse, gate, call a use case, answer
 * - permit-presenter.ts  every permit answer (list row, detail, add and edit results, history row)
 * - expire/end-permit-now.ts  the body expire and cancel share: lock, check, end, history and audit
 * - add/      POST /permits: the add command (permit-add-service.ts), its row checks, periods and UK
 *             days, plate warnings, overlaps and allowances, SQL, refusals, confirmation mail and the
 *             tickets the new permits cover; the edit reuses its checks
 * - edit/     GET and PUT /permits/{type}/{permitId} and its plate check: the permit's page and the
 *             edit command (permit-edit-service.ts), its plate check and SQL
 * - expire/   POST /permits/{type}/{permitId}/expire: the expire command and its SQL
 * - cancel/   POST /permits/{type}/{permitId}/cancel and /permits/uploads/{uploadId}(/cancel): taking
 *             back a permit before it starts, or a whole bulk upload within its first hour
 * - list/     GET /permits, /permits/_count, /permits/_export: the list query (permits-service.ts),
 *             its SQL, states, count cache and CSV
 * - history/  GET /permits/{type}/{permitId}/history, and the history rows every command writes
 *
 * Who may see or change which permit is asked of modules/access/policy.ts (`policy.*`), never here.
 */
export { permitAddSqlSnapshot, permitConfirmationSqlSnapshot } from './add/permit-add-sql-snapshot.js';
export { ukStartOfDay } from './add/permit-dates.js';
export {
  addVisitorPermit,
  VISITOR_REFUSALS,
  type VisitorPermitLink,
} from './add/visitor-permit-add.js';
export { permitCancelSqlSnapshot } from './cancel/permit-cancel-sql-snapshot.js';
export { permitEditSqlSnapshot } from './edit/permit-edit-sql-snapshot.js';
export { permitExpireSqlSnapshot } from './expire/permit-expire-sql-snapshot.js';
export { permitEventsSqlSnapshot } from './history/permit-events-sql-snapshot.js';
export {
  type PermitCaches,
  type PermitCountCache,
  startPermitCountCache,
} from './list/permit-count-cache.js';
export { permitsListSqlSnapshot } from './list/permits-sql-snapshot.js';
export { permitRoutes } from './routes.js';
