import { type ConfigKey, configDefaults, isConfigKey } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type RowOf, selectRows } from '../../db/rows.js';
import type { appConfig } from '../../db/schema.js';
import { CONFIG_CACHE_KEY, type ConfigCache } from './config-cache.js';

type ConfigRow = Pick<RowOf<typeof appConfig>, 'key' | 'value'>;

/**
 * Every stored row: from the process's cache when given one (kept until any process changes
 * app_config), straight from the table without (inside a transaction).
 */
async function readRows(db: Db, cache?: ConfigCache): Promise<Map<string, string>> {
  const load = async () => {
    const rows = await selectRows<ConfigRow>(db, sql`select key, value from app_config`);
    return new Map(rows.map((r) => [r.key, r.value]));
  };
  return cache ? cache.read(CONFIG_CACHE_KEY, load) : load();
}

/** Every stored entry the portal knows; rows of keys it no longer knows are left out. */
export async function readStoredEntries(
  db: Db,
  cache?: ConfigCache,
): Promise<Partial<Record<ConfigKey, string>>> {
  const entries: Partial<Record<ConfigKey, string>> = {};
  for (const [key, value] of await readRows(db, cache))
    if (isConfigKey(key) && value !== '') entries[key] = value;
  return entries;
}

/** One entry's stored value, else its default, else null. */
export async function readConfigEntry(db: Db, key: ConfigKey, cache?: ConfigCache): Promise<string | null> {
  return (await readRows(db, cache)).get(key) || configDefaults[key] || null;
}

/** One whole-number entry (such as PermitExpiredDays), falling back to its default when unset or bad. */
export async function readIntegerEntry(
  db: Db,
  key: ConfigKey,
  fallback: number,
  cache?: ConfigCache,
): Promise<number> {
  const value = Number(await readConfigEntry(db, key, cache));
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** The stored values of these keys, locked until the transaction ends so concurrent changes queue. */
export async function lockEntries(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await selectRows<ConfigRow>(
    db,
    sql`select key, value from app_config where key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )}) for update`,
  );
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Sets an entry, or removes its row when the value is null (unset). */
export async function writeEntry(
  db: Db,
  key: string,
  value: string | null,
  userId: string,
  cache?: ConfigCache,
): Promise<void> {
  // Given the cache (written outside a transaction): this process reads it at once (others on the NOTIFY).
  const written = () => cache?.invalidate();
  if (value === null) {
    await db.execute(sql`delete from app_config where key = ${key}`);
    written();
    return;
  }
  await db.execute(
    sql`insert into app_config (key, value, updated_at, updated_by) values (${key}, ${value}, now(), ${userId})
        on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at,
          updated_by = excluded.updated_by`,
  );
  written();
}
