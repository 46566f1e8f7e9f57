/** Configuration entries: the config module's public surface. */
export { type ConfigCache, startConfigCache } from './config-cache.js';
export { readConfigEntry, readIntegerEntry } from './config-repository.js';
export { configRoutes } from './routes.js';
