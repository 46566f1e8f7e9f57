import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.js';
import { openPostgres } from './client.js';
import { listMigrations } from './migrate.js';
import { prepareDatabase } from './prepare.js';

describe('prepareDatabase', () => {
  it('migrates once; a second start applies nothing and seeds nothing', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const first = await prepareDatabase(database, { seed: false });
      expect(first.migrations).toEqual(listMigrations().map((m) => m.name));
      const second = await prepareDatabase(database, { seed: false });
      expect(second.migrations).toEqual([]);
    } finally {
      await drop();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'is safe when two processes start at once against one PostgreSQL',
    async () => {
      const { database, url, drop } = await createTestDatabase();
      const other = await openPostgres(url!, { poolSize: 2 });
      try {
        const [a, b] = await Promise.all([
          prepareDatabase(database, { seed: true, transactionsPerSitePerDay: 1 }),
          prepareDatabase(other, { seed: true, transactionsPerSitePerDay: 1 }),
        ]);
        expect([a.migrations.length, b.migrations.length].sort()).toEqual([0, listMigrations().length]);
        expect([a.seed.seeded, b.seed.seeded].sort()).toEqual([false, true]);
      } finally {
        await other.close();
        await drop();
      }
    },
  );
});
