/** Who is asking and what they may reach: the access module's public surface. */
export { loadPrincipalRecord } from './access-repository.js';
export { callerCacheKey, callerCacheOf, settleCallerCache, startCallerCache } from './caller-cache.js';
export { canAccessSite, canAccessSiteOrGroup, hasAnyFeature, type Principal } from './principal.js';
