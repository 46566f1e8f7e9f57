/** Sign-in, sessions and account links: the identity module's public surface. */
export { sendInvitation } from './account-links.js';
export { languageOfAddress, languageOfUser, mailLanguageOfUser } from './identity-repository.js';
export { emailRuleMessages } from './identity-rule-messages.js';
export { identitySqlSnapshot, rateLimitSqlSnapshot } from './identity-sql-snapshot.js';
export { emailChangedNoticeMail } from './mail-templates.js';
export { enforceRateLimits, RateLimitLeases } from './rate-limit.js';
export { identityRoutes } from './routes.js';
