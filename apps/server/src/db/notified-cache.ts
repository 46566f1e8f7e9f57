import type { Database, Db, Listening } from './client.js';

/**
 * A per-process cache of values read from the database, emptied whenever any process changes the
 * rows behind it: a trigger NOTIFYs a channel on every change and each process LISTENs. While the
 * subscription is down nothing is kept, so a missed notification can never leave a stale value
 * behind (decision 10). A value loading when a change is announced is not kept either.
 */
class NotifiedCache<V> {
  private entries = new Map<string, { value: Promise<V>; at: number; generation: number }>();
  private generation = 0;
  private trusted = false;

  /** `ttlMs` bounds how long a value may be reused when only time moves on (no change to announce). */
  constructor(private readonly options: { ttlMs?: number; maxKeys?: number } = {}) {}

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  setTrusted(trusted: boolean): void {
    this.trusted = trusted;
    this.invalidate();
  }

  async read(key: string, load: () => Promise<V>, now = Date.now()): Promise<V> {
    if (!this.trusted) return load();
    const found = this.entries.get(key);
    const ttlMs = this.options.ttlMs ?? Number.POSITIVE_INFINITY;
    if (found && found.generation === this.generation && now - found.at < ttlMs) return found.value;
    if (this.entries.size >= (this.options.maxKeys ?? 10_000)) this.entries.clear();
    const value = load();
    this.entries.set(key, { value, at: now, generation: this.generation });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}

/**
 * One kind of notified cache per database handle: `of(db)` finds it for reads through that handle
 * (never a transaction's own handle, which must read the table itself); `start` subscribes and
 * answers the function that stops it.
 */
export function notifiedCaches<V>(channel: string, options: { ttlMs?: number; maxKeys?: number } = {}) {
  const caches = new WeakMap<Db, NotifiedCache<V>>();
  const listenings = new WeakMap<Db, Listening>();
  return {
    of: (db: Db): NotifiedCache<V> | undefined => caches.get(db),
    /** True once this process has handled every notification committed before the call (see `Listening`). */
    settle: async (db: Db): Promise<boolean> => (await listenings.get(db)?.settle()) ?? false,
    async start(database: Database): Promise<() => Promise<void>> {
      const cache = new NotifiedCache<V>(options);
      caches.set(database.db, cache);
      const listening = await database.listen(channel, {
        onNotify: () => cache.invalidate(),
        onListening: () => cache.setTrusted(true),
        onLost: () => cache.setTrusted(false),
      });
      listenings.set(database.db, listening);
      return async () => {
        caches.delete(database.db);
        listenings.delete(database.db);
        await listening.stop();
      };
    },
  };
}
