import type { Database } from '../../../db/client.js';
import { type StartedCache, startNotifiedCache } from '../../../db/notified-cache.js';
import type { ConfigCache } from '../../config/index.js';

/**
 * How long a count may be reused. Changes to permits drop every count at once (NOTIFY from any
 * process); only time moving on shifts a count without a change (a permit starting, ending or
 * leaving the expired window), so a count is at most this much behind the clock.
 */
const PERMIT_COUNT_TTL_MS = 30_000;

/**
 * The list totals (decision 10): an all-sites count reads every listed permit's index entry (about
 * 200,000 at a national operator's size), too slow to repeat for every page turn of every user.
 */
export type PermitCountCache = StartedCache<number>;

export const startPermitCountCache = (database: Database): Promise<PermitCountCache> =>
  startNotifiedCache(database, 'permits', { ttlMs: PERMIT_COUNT_TTL_MS, maxKeys: 10_000 });

/** The caches the permit services read through and empty after a change. */
export interface PermitCaches {
  config: ConfigCache;
  permitCounts: PermitCountCache;
}
