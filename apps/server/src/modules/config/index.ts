/** Configuration entries: the config module's public surface. */
export { type ConfigCache, startConfigCache } from './config-cache.js';
export { readConfigEntry, readIntegerEntry } from './config-repository.js';
export { configSqlSnapshot } from './config-sql-snapshot.js';
export { configRoutes } from './routes.js';
