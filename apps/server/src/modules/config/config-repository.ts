import { type ConfigKey, configDefaults, isConfigKey } from '@client-portal/contract';
import type { Queries } from '../../db/kysely.js';
import { CONFIG_CACHE_KEY, type ConfigCache } from './config-cache.js';

/** The statements of this repository, built but not run: what config-repository.sql shows. */
export const configQueries = {
  /** Every stored row (the whole table is one cache entry). */
  all: (db: Queries) => db.selectFrom('app_config').select(['key', 'value']),

  /** The stored rows of these keys, locked until the transaction ends. */
  lock: (db: Queries, keys: readonly string[]) =>
    db
      .selectFrom('app_config')
      .select(['key', 'value'])
      .where((eb) => eb('key', '=', eb.fn.any(eb.val([...keys]))))
      .forUpdate(),

  remove: (db: Queries, key: string) => db.deleteFrom('app_config').where('key', '=', key),

  upsert: (db: Queries, key: string, value: string, userId: string) =>
    db
      .insertInto('app_config')
      .values((eb) => ({ key, value, updated_at: eb.fn('now'), updated_by: userId }))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          updated_at: eb.ref('excluded.updated_at'),
          updated_by: eb.ref('excluded.updated_by'),
        })),
      ),
};

/**
 * Every stored row: from the process's cache when given one (kept until any process changes
 * app_config), straight from the table without (inside a transaction).
 */
async function readRows(db: Queries, cache?: ConfigCache): Promise<Map<string, string>> {
  const load = async () => {
    const rows = await configQueries.all(db).execute();
    return new Map(rows.map((r) => [r.key, r.value]));
  };
  return cache ? cache.read(CONFIG_CACHE_KEY, load) : load();
}

/** Every stored entry the portal knows; rows of keys it no longer knows are left out. */
export async function readStoredEntries(
  db: Queries,
  cache?: ConfigCache,
): Promise<Partial<Record<ConfigKey, string>>> {
  const entries: Partial<Record<ConfigKey, string>> = {};
  for (const [key, value] of await readRows(db, cache))
    if (isConfigKey(key) && value !== '') entries[key] = value;
  return entries;
}

/** One entry's stored value, else its default, else null. */
export async function readConfigEntry(
  queries: Queries,
  key: ConfigKey,
  cache?: ConfigCache,
): Promise<string | null> {
  return (await readRows(queries, cache)).get(key) || configDefaults[key] || null;
}

/** One whole-number entry (such as PermitExpiredDays), falling back to its default when unset or bad. */
export async function readIntegerEntry(
  queries: Queries,
  key: ConfigKey,
  fallback: number,
  cache?: ConfigCache,
): Promise<number> {
  const value = Number(await readConfigEntry(queries, key, cache));
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** The stored values of these keys, locked until the transaction ends so concurrent changes queue. */
export async function lockEntries(db: Queries, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await configQueries.lock(db, keys).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Sets an entry, or removes its row when the value is null (unset). */
export async function writeEntry(
  db: Queries,
  key: string,
  value: string | null,
  userId: string,
  cache?: ConfigCache,
): Promise<void> {
  // Given the cache (written outside a transaction): this process reads it at once (others on the NOTIFY).
  const written = () => cache?.invalidate();
  if (value === null) {
    await configQueries.remove(db, key).execute();
    written();
    return;
  }
  await configQueries.upsert(db, key, value, userId).execute();
  written();
}
