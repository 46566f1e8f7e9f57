import { notifiedCaches } from '../../../db/notified-cache.js';

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
const permitCountCaches = notifiedCaches<number>('permits', { ttlMs: PERMIT_COUNT_TTL_MS, maxKeys: 10_000 });

export const permitCountCacheOf = permitCountCaches.of;
export const startPermitCountCache = permitCountCaches.start;
