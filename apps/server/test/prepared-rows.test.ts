import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../src/db/client.js';
import { PREPARED_STATEMENTS_MAX, selectPreparedRows, statementName } from '../src/db/prepared-rows.js';
import { selectRows } from '../src/db/rows.js';
import { createTestDatabase } from './test-database.js';

const square = (n: number) => sql`select ${n}::int * ${n}::int as square, 'x' || ${String(n)} as label`;

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

  const preparedNames = async (database: Database) =>
    (await selectRows<{ name: string }>(database.db, sql`select name from pg_prepared_statements`)).map(
      (r) => r.name,
    );

  it('answers what the plain query answers, parameters included', async () => {
    const { db } = made.database;
    expect(await selectPreparedRows(db, square(7))).toEqual(await selectRows(db, square(7)));
    expect(await selectPreparedRows(db, square(9))).toEqual([{ square: 81, label: 'x9' }]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'is planned once per connection, under its text’s name',
    async () => {
      const database = single as Database;
      const text = "select $1::int * $2::int as square, 'x' || $3 as label";
      await selectPreparedRows(database.db, square(3));
      await selectPreparedRows(database.db, square(4));
      const names = await preparedNames(database);
      expect(names.filter((n) => n === statementName(text))).toHaveLength(1);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)('runs unprepared inside a transaction', async () => {
    const database = single as Database;
    const query = sql`select 'in a transaction' as said, ${1}::int as n`;
    const rows = await database.db.transaction((tx) => selectPreparedRows(tx as never, query));
    expect(rows).toEqual([{ said: 'in a transaction', n: 1 }]);
    expect(await preparedNames(database)).not.toContain(
      statementName("select 'in a transaction' as said, $1::int as n"),
    );
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    `keeps at most ${PREPARED_STATEMENTS_MAX} statements; past them a new shape runs unprepared`,
    async () => {
      const database = single as Database;
      const shape = (i: number) => sql.raw(`select ${i} as shape`);
      for (let i = 0; i < PREPARED_STATEMENTS_MAX + 5; i++) {
        expect(await selectPreparedRows(database.db, shape(i))).toEqual([{ shape: i }]);
      }
      const names = await preparedNames(database);
      expect(names).toHaveLength(PREPARED_STATEMENTS_MAX);
      expect(names).not.toContain(statementName(`select ${PREPARED_STATEMENTS_MAX + 4} as shape`));
    },
  );
});
