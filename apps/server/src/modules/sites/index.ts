/** Sites and site groups: the sites module's public surface. */

export { siteRoutes } from './routes.js';
export { siteNumberRuleMessages } from './site-rule-messages.js';
export { listAccessibleSites } from './sites-repository.js';
