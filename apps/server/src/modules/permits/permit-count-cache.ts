import type { Database, Db } from '../../db/client.js';

export const PERMITS_CHANNEL = 'permits';
/**
 * How long a count may be reused. Changes to permits drop every count at once (NOTIFY from any
 * process); only time moving on shifts a count without a change (a permit starting, ending or
 * leaving the expired window), so a count is at most this much behind the clock.
 */
export const PERMIT_COUNT_TTL_MS = 30_000;
const MAX_KEYS = 10_000;

/**
 * The list totals (decision 8): an all-sites count reads every listed permit's index entry (about
 * 200,000 at a national operator's size), too slow to repeat for every page turn of every user.
 * Nothing is cached while the NOTIFY subscription is down.
 */
export class PermitCountCache {
  private counts = new Map<string, { count: Promise<number>; at: number; generation: number }>();
  private generation = 0;
  private trusted = false;

  invalidate(): void {
    this.generation++;
    this.counts.clear();
  }

  setTrusted(trusted: boolean): void {
    this.trusted = trusted;
    this.invalidate();
  }

  async read(key: string, load: () => Promise<number>, now = Date.now()): Promise<number> {
    if (!this.trusted) return load();
    const found = this.counts.get(key);
    if (found && found.generation === this.generation && now - found.at < PERMIT_COUNT_TTL_MS)
      return found.count;
    if (this.counts.size >= MAX_KEYS) this.counts.clear();
    const generation = this.generation;
    const count = load();
    this.counts.set(key, { count, at: now, generation });
    count.catch(() => {
      if (this.counts.get(key)?.count === count) this.counts.delete(key);
    });
    return count;
  }
}

const caches = new WeakMap<Db, PermitCountCache>();

export function permitCountCacheOf(db: Db): PermitCountCache | undefined {
  return caches.get(db);
}

/** Starts caching permit counts for this database; the answer stops it. */
export async function startPermitCountCache(database: Database): Promise<() => Promise<void>> {
  const cache = new PermitCountCache();
  caches.set(database.db, cache);
  const stop = await database.listen(PERMITS_CHANNEL, {
    onNotify: () => cache.invalidate(),
    onListening: () => cache.setTrusted(true),
    onLost: () => cache.setTrusted(false),
  });
  return async () => {
    caches.delete(database.db);
    await stop();
  };
}
