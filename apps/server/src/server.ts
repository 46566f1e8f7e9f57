import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { prepareDatabase } from './db/prepare.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/index.js';
import { type LogSink, loggerOptions } from './plugins/request-log.js';
import { parseSettings, type Settings, SettingsError } from './settings.js';

/**
 * Where the log lines go: JSON lines on stdout for a log collector (systemd's journal, a container
 * runtime), or short readable lines when a person watches a terminal (LOG_FORMAT, decision 37).
 */
async function logSink(settings: Settings): Promise<LogSink> {
  const pretty = settings.LOG_FORMAT === 'pretty' || (settings.LOG_FORMAT === 'auto' && process.stdout.isTTY);
  if (!pretty) return process.stdout;
  const { default: pinoPretty } = await import('pino-pretty');
  return pinoPretty({
    colorize: process.stdout.isTTY,
    translateTime: 'SYS:HH:MM:ss',
    // A request's line says it all in its message; its fields stay in the JSON form.
    ignore: 'pid,hostname,reqId,userId,method,route,status,ms',
    singleLine: true,
  });
}

/** Entry point: settings, database, app, listen; stops cleanly on SIGTERM and SIGINT. */
async function main() {
  const started = Date.now();
  let settings: ReturnType<typeof parseSettings>;
  try {
    settings = parseSettings(process.env);
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: settings.DATABASE_URL,
    dataDir: settings.DATA_DIR,
    poolSize: settings.DATABASE_POOL_SIZE,
    connectTimeoutMs: settings.DATABASE_CONNECT_TIMEOUT_MS,
  });
  const prepared = await prepareDatabase(database, { seed: settings.SEED_DEMO });
  const app = await buildApp({
    settings,
    database,
    logger: loggerOptions(settings, await logSink(settings)),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: settings.PORT, host: settings.HOST });
  const where = settings.PUBLIC_URL;
  const lines = [
    '',
    `Client Portal is running at ${where}`,
    `  database: ${database.kind === 'pglite' ? `embedded (${settings.DATA_DIR})` : 'PostgreSQL (DATABASE_URL)'}`,
    `  migrations applied now: ${prepared.migrations.length}; demo data ${prepared.seed.seeded ? `seeded in ${(prepared.seed.ms / 1000).toFixed(1)} s` : 'already present'}`,
    `  started in ${((Date.now() - started) / 1000).toFixed(1)} s; API docs at ${where}/api/docs`,
    ...(app.metrics.internalUrl() ? [`  metrics at ${app.metrics.internalUrl()}/metrics`] : []),
    '',
    `Demo accounts (password ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(24)} ${a.description}`),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
