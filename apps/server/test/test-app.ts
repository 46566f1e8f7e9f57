import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Database, openPostgres } from '../src/db/client.js';
import { prepareDatabase } from '../src/db/prepare.js';
import { parseSettings, type Settings } from '../src/settings.js';
import { assertAnswersDocumented, recordAnswers } from './documented-answers.js';
import { TEST_SEED } from './seeded-database.js';
import { createTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  settings: Settings;
  /** The PostgreSQL database's URL (absent on PGlite). */
  url?: string;
  close(): Promise<void>;
}

/** The fixed day the test data is seeded around, so that every run sees the same data. */
export const TEST_TODAY = new Date(inject('seededDatabase')?.today ?? Date.now());

/**
 * The real app, in-process, on a migrated and seeded database of its own (a copy of the run's seeded
 * one, see seeded-database.ts; prepareDatabase finds it complete).
 * `beforeReady` may add test-only routes before the app is sealed.
 */
export async function buildTestApp(
  options: {
    /** Settings; as a function, of the test database's URL (absent on PGlite), for one that names it. */
    env?: Record<string, string> | ((databaseUrl: string | undefined) => Record<string, string>);
    beforeReady?: (app: FastifyInstance) => void;
    /** Skip the demo seed when a test needs only the schema. */
    seed?: boolean;
    /** A PostgreSQL server to create the database on, whatever TEST_DATABASE_URL says. */
    postgresUrl?: string;
    /** pino's options (loggerOptions with a sink the test reads); by default nothing is logged. */
    logger?: FastifyServerOptions['logger'];
  } = {},
): Promise<TestApp> {
  const seed = options.seed ?? true;
  const { database, url, drop } = await createTestDatabase(
    options.postgresUrl ?? process.env.TEST_DATABASE_URL,
    { seeded: seed },
  );
  await prepareDatabase(database, { ...TEST_SEED, seed, today: TEST_TODAY });
  const settings = parseSettings({
    LOG_LEVEL: 'silent',
    PERMIT_DIGEST_ENABLED: 'false',
    REPORT_SUBSCRIPTIONS_ENABLED: 'false',
    DATA_DIR: '.test-data',
    WEB_DIST: '/nonexistent-web-dist',
    CHECK_ANSWERS_WITH_ZOD: 'true',
    CHECK_POLICY_CONSULTED: 'true',
    // Idle workers ask for jobs twice a second (production: every 2 s), so that mail arrives soon.
    JOB_POLL_SECONDS: '0.5',
    ...(typeof options.env === 'function' ? options.env(url) : options.env),
  });
  const app = await buildApp({ settings, database, logger: options.logger ?? false });
  const answers = recordAnswers(app);
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    settings,
    url,
    close: async () => {
      const undocumented = answers.undocumented();
      await app.close();
      await drop();
      assertAnswersDocumented(undocumented);
    },
  };
}

/**
 * A second instance of the app on the same database, as another process would run it: its own pool
 * (and LISTEN connection) on PostgreSQL, the same in-memory database on PGlite. Close it before `t`.
 */
export async function buildSecondInstance(
  t: TestApp,
  /** Settings of its own (its PROCESS_ROLE, say). */
  overrides: Partial<Settings> = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = t.url ? await openPostgres(t.url, { poolSize: 3 }) : t.database;
  const app = await buildApp({ settings: { ...t.settings, ...overrides }, database, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      if (database !== t.database) await database.close();
    },
  };
}

/** Waits until no job of `kind` waits or runs: mail queued by earlier requests has been delivered. */
export async function jobsSettled(t: Pick<TestApp, 'database'>, kind = 'mail.send', timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await t.database.sql.executeSql(
      `select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')`,
      [kind],
    );
    if (Number(rows[0]?.n) === 0) return;
    if (Date.now() > deadline) {
      // What waits, and why: each job's state, tries, times and the last error it gave.
      const waiting = await t.database.sql.executeSql(
        `select state, retry_count, created_on, started_on, start_after, output
         from pgboss.job where name = $1 and state in ('created', 'retry', 'active') order by created_on`,
        [kind],
      );
      throw new Error(
        `${kind} jobs still waiting after ${timeoutMs} ms (now ${new Date().toISOString()}):\n${waiting.rows
          .map((row) => JSON.stringify(row))
          .join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
