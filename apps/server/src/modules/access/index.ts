/** Who is asking and what they may reach: the access module's public surface. */
export {
  type ApiKeyCaller,
  groupsOfSites,
  loadApiKeyCaller,
  loadPrincipalForJob,
  loadPrincipalRecord,
} from './access-repository.js';
export { accessSqlSnapshot } from './access-sql-snapshot.js';
export {
  type CallerCache,
  callerCacheKey,
  readApiKeyCaller,
  readUserCaller,
  startCallerCache,
} from './caller-cache.js';
export type { Condition, PermitView, RoleViewer } from './policy.js';
export * as policy from './policy.js';
export type { Principal } from './principal.js';
