import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.js';
import type { Database } from './client.js';
import { selectPrepared, statementName } from './kysely.js';
import { migrate } from './migrate.js';

/** `database.kysely` runs on the app's own connection, inside and outside a transaction, on both engines. */
describe('database.kysely', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    await database.withStartupLock(migrate);
  });
  afterAll(() => drop());

  const companies = () =>
    database.kysely.selectFrom('client_companies').select('name').orderBy('name').execute();

  it('reads and writes outside a transaction', async () => {
    await database.kysely.insertInto('client_companies').values({ name: 'Outside' }).execute();
    expect(await companies()).toEqual([{ name: 'Outside' }]);
  });

  it('commits a transaction, and its statements see its own writes', async () => {
    const seen = await database.kysely.transaction().execute(async (tx) => {
      await tx.insertInto('client_companies').values({ name: 'Committed' }).execute();
      return tx.selectFrom('client_companies').select('name').where('name', '=', 'Committed').execute();
    });
    expect(seen).toEqual([{ name: 'Committed' }]);
    expect(await companies()).toEqual([{ name: 'Committed' }, { name: 'Outside' }]);
  });

  it('rolls a transaction back when its work fails', async () => {
    await expect(
      database.kysely.transaction().execute(async (tx) => {
        await tx.insertInto('client_companies').values({ name: 'Rolled back' }).execute();
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await companies()).toEqual([{ name: 'Committed' }, { name: 'Outside' }]);
  });

  it('keeps a statement outside the transaction out of it', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = database.kysely.transaction().execute(async (tx) => {
      await tx.insertInto('client_companies').values({ name: 'Late' }).execute();
      await held;
      await sql`select 1`.execute(tx);
      throw new Error('undo');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = companies();
    release();
    await expect(transaction).rejects.toThrow('undo');
    expect(await outside).toEqual([{ name: 'Committed' }, { name: 'Outside' }]);
  });

  it('honours transaction settings', async () => {
    const level = await database.kysely
      .transaction()
      .setIsolationLevel('serializable')
      .execute(
        async (tx) =>
          (await sql<{ l: string }>`select current_setting('transaction_isolation') as l`.execute(tx)).rows[0]
            ?.l,
      );
    expect(level).toBe('serializable');
  });

  it('runs a prepared read the same inside and outside a transaction, named on PostgreSQL', async () => {
    const query = (queries: typeof database.kysely) =>
      queries.selectFrom('client_companies').select('name').where('name', '=', 'Outside');
    expect(await selectPrepared(database.kysely, query(database.kysely))).toEqual([{ name: 'Outside' }]);
    const inside = await database.kysely.transaction().execute(async (tx) => {
      const rows = await selectPrepared(tx, query(tx));
      const prepared = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(tx);
      return { rows, names: prepared.rows.map((row) => row.name) };
    });
    expect(inside.rows).toEqual([{ name: 'Outside' }]);
    if (database.kind === 'postgres')
      expect(inside.names).toContain(statementName(query(database.kysely).compile().sql));
  });
});
