import { notifiedCaches } from '../../db/notified-cache.js';
import type { PrincipalRecord } from './access-repository.js';

/**
 * The callers reloaded for signed-in requests, kept per process until any process changes a row the
 * reload reads (triggers: migration 0009), so a removal, a revoked session or a role, feature, flag or
 * site change applies on the next request (decision 10). Before answering from it, a request settles
 * the LISTEN connection (one round trip shared by the requests arriving meanwhile), so every change
 * committed before the request arrived, by any process or by hand, has emptied the cache.
 */
const callerCaches = notifiedCaches<PrincipalRecord | null>('callers', { maxKeys: 10_000 });

export const callerCacheOf = callerCaches.of;
export const startCallerCache = callerCaches.start;
export const settleCallerCache = callerCaches.settle;

/** One entry per user and session: the session's own state (revoked, type) is part of the record. */
export const callerCacheKey = (userId: string, sessionId: string) => `${userId} ${sessionId}`;
