import type { Database } from '../../db/client.js';
import { type StartedCache, startNotifiedCache } from '../../db/notified-cache.js';
import type { PrincipalRecord } from './access-repository.js';

/**
 * The callers reloaded for signed-in requests, kept per process until any process changes a row the
 * reload reads (triggers: migration 0009), so a removal, a revoked session or a role, feature, flag or
 * site change applies on the next request (decision 10). Before answering from it, a request settles
 * the LISTEN connection (one round trip shared by the requests arriving meanwhile), so every change
 * committed before the request arrived, by any process or by hand, has emptied the cache.
 */
export type CallerCache = StartedCache<PrincipalRecord | null>;

export const startCallerCache = (database: Database): Promise<CallerCache> =>
  startNotifiedCache(database, 'callers', { maxKeys: 10_000 });

/** One entry per user and session: the session's own state (revoked, type) is part of the record. */
export const callerCacheKey = (userId: string, sessionId: string) => `${userId} ${sessionId}`;
