import type { Database } from './client.js';
import { installJobSchema } from './job-schema.js';
import { migrate } from './migrate.js';
import { seedDemo, syncCatalogue } from './seed/index.js';

/**
 * Migrates (the job engine's tables too), refreshes the feature catalogue and seeds demo data on first start, all under the
 * start-up lock so that two processes starting together against one PostgreSQL do it once.
 */
export async function prepareDatabase(
  database: Database,
  options: { seed: boolean; today?: Date; transactionsPerSitePerDay?: number },
) {
  return database.withStartupLock(async (session) => {
    const migrations = await migrate(session);
    await installJobSchema(session);
    await syncCatalogue(session);
    const seed = options.seed
      ? await seedDemo(session, {
          today: options.today,
          transactionsPerSitePerDay: options.transactionsPerSitePerDay,
        })
      : { seeded: false, ms: 0 };
    return { migrations, seed };
  });
}
