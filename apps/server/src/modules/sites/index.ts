/** Sites and site groups: the sites module's public surface. */

export { siteRoutes } from './routes.js';
export { enforcedReductionAllowance } from './site-allowances.js';
export { findSiteOrGroupInReach } from './site-reach.js';
export { siteNumberRuleMessages } from './site-rule-messages.js';
export { listAccessibleSites, type SiteOrGroup } from './sites-repository.js';
export { sitesSqlSnapshot } from './sites-sql-snapshot.js';
