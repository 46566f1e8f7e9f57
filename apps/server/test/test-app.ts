import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/client.js';
import { prepareDatabase } from '../src/db/prepare.js';
import { parseSettings, type Settings } from '../src/settings.js';
import { createTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  settings: Settings;
  close(): Promise<void>;
}

/** The fixed day the test data is seeded around, so that every run sees the same data. */
export const TEST_TODAY = new Date();

/**
 * The real app, in-process, on a freshly migrated and seeded database of its own.
 * `beforeReady` may add test-only routes before the app is sealed.
 */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    beforeReady?: (app: FastifyInstance) => void;
    /** Skip the demo seed when a test needs only the schema. */
    seed?: boolean;
  } = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  await prepareDatabase(database, {
    seed: options.seed ?? true,
    today: TEST_TODAY,
    transactionsPerSitePerDay: 1,
  });
  const settings = parseSettings({
    LOG_LEVEL: 'silent',
    PERMIT_DIGEST_ENABLED: 'false',
    DATA_DIR: '.test-data',
    WEB_DIST: '/nonexistent-web-dist',
    ...options.env,
  });
  const app = await buildApp({ settings, database, logger: false });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    settings,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}
