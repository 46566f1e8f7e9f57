import { notifiedCaches } from '../../db/notified-cache.js';

/** The app_config rows, read once and kept until any process changes them (trigger: migration 0004). */
const configCaches = notifiedCaches<Map<string, string>>('app_config');

export const configCacheOf = configCaches.of;
export const startConfigCache = configCaches.start;
/** The whole table is one entry. */
export const CONFIG_CACHE_KEY = 'app_config';
