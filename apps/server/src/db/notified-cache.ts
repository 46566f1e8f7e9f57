import type { Database, Listening } from './client.js';

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

/** A started cache: read through it, and stop it when the app closes. */
export interface StartedCache<V> {
  read(key: string, load: () => Promise<V>, now?: number): Promise<V>;
  /** Forgets every value (a change this process made, before its NOTIFY comes back). */
  invalidate(): void;
  /** True once this process has handled every notification committed before the call (see `Listening`). */
  settle(): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * Starts one notified cache on a database: subscribes to `channel` and answers the cache, which the
 * app holds (`app.caches`) and passes to whatever reads through it. A read inside a transaction is
 * given no cache: it reads the table itself.
 */
export async function startNotifiedCache<V>(
  database: Database,
  channel: string,
  options: { ttlMs?: number; maxKeys?: number } = {},
): Promise<StartedCache<V>> {
  const cache = new NotifiedCache<V>(options);
  const listening: Listening = await database.listen(channel, {
    onNotify: () => cache.invalidate(),
    onListening: () => cache.setTrusted(true),
    onLost: () => cache.setTrusted(false),
  });
  return {
    read: (key, load, now) => cache.read(key, load, now),
    invalidate: () => cache.invalidate(),
    settle: () => listening.settle(),
    stop: () => listening.stop(),
  };
}
