import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openPostgres } from '../src/db/client.js';
import { prepareDatabase } from '../src/db/prepare.js';
import { CONFIG_CACHE_KEY, type ConfigCache, startConfigCache } from '../src/modules/config/config-cache.js';
import { readConfigEntry } from '../src/modules/config/config-repository.js';
import { createTestDatabase } from './test-database.js';

describe('app_config cached per process, dropped on any change', () => {
  let database: Database;
  /** Another process's connection: a second pool on PostgreSQL, the same database on PGlite. */
  let other: Database;
  let cache: ConfigCache;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const made = await createTestDatabase();
    database = made.database;
    drop = made.drop;
    await prepareDatabase(database, { seed: false });
    other = made.url ? await openPostgres(made.url, { poolSize: 1 }) : database;
    cache = await startConfigCache(database);
  });
  afterAll(async () => {
    await cache?.stop();
    if (other !== database) await other?.close();
    await drop?.();
  });

  it('reads the table once, then answers from memory', async () => {
    await readConfigEntry(database.kysely, 'PermitExpiredDays', cache);
    const load = vi.fn(async () => new Map<string, string>());
    await cache.read(CONFIG_CACHE_KEY, load);
    expect(load).not.toHaveBeenCalled();
  });

  it('sees a change written by another process (or by hand) once the NOTIFY arrives', async () => {
    expect(await readConfigEntry(database.kysely, 'PermitExpiredDays', cache)).toBe('7');
    await other.db.execute(
      sql`insert into app_config (key, value) values ('PermitExpiredDays', '3')
          on conflict (key) do update set value = excluded.value`,
    );
    await vi.waitFor(
      async () => expect(await readConfigEntry(database.kysely, 'PermitExpiredDays', cache)).toBe('3'),
      {
        timeout: 2_000,
        interval: 20,
      },
    );
    await other.db.execute(sql`delete from app_config where key = 'PermitExpiredDays'`);
    await vi.waitFor(
      async () => expect(await readConfigEntry(database.kysely, 'PermitExpiredDays', cache)).toBe('7'),
      {
        timeout: 2_000,
        interval: 20,
      },
    );
  });

  it('reads inside a transaction from the table itself', async () => {
    await expect(
      database.kysely.transaction().execute(async (tx) => {
        await tx.insertInto('app_config').values({ key: 'TicketReduceDays', value: '9' }).execute();
        expect(await readConfigEntry(tx, 'TicketReduceDays')).toBe('9');
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await readConfigEntry(database.kysely, 'TicketReduceDays')).not.toBe('9');
  });
});
