/** API keys for a client company's own systems (decision 43): the api-keys module's public surface. */
export { apiKeyTokenHash } from './api-key-tokens.js';
export { noteApiKeyUse } from './api-keys-service.js';
export { apiKeysSqlSnapshot } from './api-keys-sql-snapshot.js';
export { apiKeyRoutes } from './routes.js';
