import type { Database } from '../../db/client.js';
import { type StartedCache, startNotifiedCache } from '../../db/notified-cache.js';
import type { ApiKeyCaller, PrincipalRecord } from './access-repository.js';

/**
 * The callers reloaded for signed-in requests, kept per process until any process changes a row the
 * reload reads (triggers: migration 0009), so a removal, a revoked session or a role, feature, flag or
 * site change applies on the next request (decision 10). Before answering from it, a request settles
 * the LISTEN connection (one round trip shared by the requests arriving meanwhile), so every change
 * committed before the request arrived, by any process or by hand, has emptied the cache.
 */
export type CallerCache = StartedCache<PrincipalRecord | ApiKeyCaller | null>;

export const startCallerCache = (database: Database): Promise<CallerCache> =>
  startNotifiedCache(database, 'callers', { maxKeys: 10_000 });

/** One entry per user and session: the session's own state (revoked, type) is part of the record. */
export const callerCacheKey = (userId: string, sessionId: string) => `${userId} ${sessionId}`;

/** A signed-in user's record through the cache (settled first by the caller). */
export async function readUserCaller(
  cache: CallerCache,
  userId: string,
  sessionId: string,
  load: () => Promise<PrincipalRecord | null>,
): Promise<PrincipalRecord | null> {
  const record = await cache.read(callerCacheKey(userId, sessionId), load);
  return record && !('kind' in record) ? record : null;
}

/**
 * An API key's caller through the same cache (decision 43): a revoked key's row change empties every
 * process's cache (migration 0023's trigger), so revocation applies to the next request everywhere.
 */
export async function readApiKeyCaller(
  cache: CallerCache,
  tokenHash: string,
  load: () => Promise<ApiKeyCaller | null>,
): Promise<ApiKeyCaller | null> {
  const record = await cache.read(`apikey ${tokenHash}`, load);
  return record && 'kind' in record ? record : null;
}
