import type { Database } from '../../db/client.js';
import { type StartedCache, startNotifiedCache } from '../../db/notified-cache.js';

/** The app_config rows, read once and kept until any process changes them (trigger: migration 0004). */
export type ConfigCache = StartedCache<Map<string, string>>;

export const startConfigCache = (database: Database): Promise<ConfigCache> =>
  startNotifiedCache(database, 'app_config');
/** The whole table is one entry. */
export const CONFIG_CACHE_KEY = 'app_config';
