import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../src/db/client.js';
import { PREPARED_STATEMENTS_MAX, type Queries, selectPrepared, statementName } from '../src/db/kysely.js';
import { createTestDatabase } from './test-database.js';

const square = (queries: Queries, n: number) =>
  queries.selectNoFrom([
    sql<number>`${n}::int * ${n}::int`.as('square'),
    sql<string>`'x' || ${String(n)}`.as('label'),
  ]);

/** Reads run as named prepared statements (db/kysely.ts selectPrepared), inside a transaction too. */
describe('reads as named prepared statements', () => {
  let made: Awaited<ReturnType<typeof createTestDatabase>>;
  /** On PostgreSQL, one connection, so that what it has prepared can be read back. */
  let single: Database | undefined;

  beforeAll(async () => {
    made = await createTestDatabase();
    if (made.url) single = await openPostgres(made.url, { poolSize: 1 });
  });
  afterAll(async () => {
    await single?.close();
    await made.drop();
  });

  const preparedNames = async (queries: Queries) =>
    (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(queries)).rows.map(
      (r) => r.name,
    );

  it('answers what the plain query answers, parameters included', async () => {
    const { kysely } = made.database;
    expect(await selectPrepared(kysely, square(kysely, 7))).toEqual(await square(kysely, 7).execute());
    expect(await selectPrepared(kysely, square(kysely, 9))).toEqual([{ square: 81, label: 'x9' }]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'is planned once per connection, under its text’s name',
    async () => {
      const { kysely } = single as Database;
      await selectPrepared(kysely, square(kysely, 3));
      await selectPrepared(kysely, square(kysely, 4));
      const names = await preparedNames(kysely);
      expect(names.filter((n) => n === statementName(square(kysely, 3).compile().sql))).toHaveLength(1);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)('runs prepared inside a transaction as outside', async () => {
    const { kysely } = single as Database;
    const query = (queries: Queries) => queries.selectNoFrom([sql<string>`'in a transaction'`.as('said')]);
    const rows = await kysely.transaction().execute((tx) => selectPrepared(tx, query(tx)));
    expect(rows).toEqual([{ said: 'in a transaction' }]);
    expect(await preparedNames(kysely)).toContain(statementName(query(kysely).compile().sql));
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    `keeps at most ${PREPARED_STATEMENTS_MAX} statements; past them a new shape runs unprepared`,
    async () => {
      const { kysely } = single as Database;
      const shape = (i: number) => kysely.selectNoFrom([sql<number>`${sql.lit(i)}::int`.as('shape')]);
      for (let i = 0; i < PREPARED_STATEMENTS_MAX + 5; i++) {
        expect(await selectPrepared(kysely, shape(i))).toEqual([{ shape: i }]);
      }
      const names = await preparedNames(kysely);
      // The bound is per pool: this one prepared the earlier tests' statements and shapes up to it.
      expect(names).toHaveLength(PREPARED_STATEMENTS_MAX);
      expect(names).not.toContain(statementName(shape(PREPARED_STATEMENTS_MAX + 4).compile().sql));
    },
  );
});
