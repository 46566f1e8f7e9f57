import type { Database, Db } from '../../db/client.js';

export const CONFIG_CHANNEL = 'app_config';

/**
 * The app_config rows, read once and kept until any process changes them: a trigger NOTIFYs on every
 * change (migration 0003) and each process LISTENs. While the subscription is down nothing is
 * cached, so a missed notification can never leave a stale value behind (decision 8).
 */
export class ConfigCache {
  private rows: Promise<Map<string, string>> | undefined;
  private generation = 0;
  private trusted = false;

  invalidate(): void {
    this.generation++;
    this.rows = undefined;
  }

  setTrusted(trusted: boolean): void {
    this.trusted = trusted;
    this.invalidate();
  }

  async read(load: () => Promise<Map<string, string>>): Promise<Map<string, string>> {
    if (!this.trusted) return load();
    if (!this.rows) {
      const generation = this.generation;
      const loading = load();
      this.rows = loading;
      loading.then(
        // A change announced while loading may not be in what was read: do not keep it.
        () => {
          if (this.generation !== generation && this.rows === loading) this.rows = undefined;
        },
        () => {
          if (this.rows === loading) this.rows = undefined;
        },
      );
    }
    return this.rows;
  }
}

const caches = new WeakMap<Db, ConfigCache>();

/** The cache for reads through this database handle (never for a transaction's own handle). */
export function configCacheOf(db: Db): ConfigCache | undefined {
  return caches.get(db);
}

/** Starts caching app_config for this database; the answer stops it. */
export async function startConfigCache(database: Database): Promise<() => Promise<void>> {
  const cache = new ConfigCache();
  caches.set(database.db, cache);
  const stop = await database.listen(CONFIG_CHANNEL, {
    onNotify: () => cache.invalidate(),
    onListening: () => cache.setTrusted(true),
    onLost: () => cache.setTrusted(false),
  });
  return async () => {
    caches.delete(database.db);
    await stop();
  };
}
