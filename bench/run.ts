/**
 * Benchmarks: prints figures, never fails on a slow machine.
 * Measures the first start (migrate + demo seed) and a warm start on an embedded database, then
 * drives a few representative API endpoints with autocannon on loopback and prints throughput,
 * latency and memory. `BENCH_DATABASE_URL` runs the same against a PostgreSQL server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PERMIT_BULK_MAX_ROWS } from '@client-portal/contract';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { type Database, openDatabase } from '../apps/server/src/db/client.js';
import { prepareDatabase } from '../apps/server/src/db/prepare.js';
import { parseSettings } from '../apps/server/src/settings.js';
import { selectRows } from '../apps/server/test/fixture-rows.js';
import { bearerFor } from './bearer.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  console.log(`${label.padEnd(34)} ${((performance.now() - start) / 1000).toFixed(2)} s`);
  return result;
}

async function main() {
  if (process.argv.includes('--scale')) {
    await import('./scale.js');
    return;
  }
  if (process.argv.includes('--statistics')) {
    await import('./statistics.js');
    return;
  }
  if (process.argv.includes('--plate-check')) {
    await import('./plate-check.js');
    return;
  }
  if (process.argv.includes('--jobs')) {
    await (await import('./jobs.js')).benchJobs();
    return;
  }
  if (process.argv.includes('--webhooks')) {
    await (await import('./webhooks.js')).benchWebhooks();
    return;
  }
  if (process.argv.includes('--replica')) {
    await (await import('./replica.js')).benchReplica();
    return;
  }
  if (process.argv.includes('--rolling-restart')) {
    await (await import('./rolling-restart.js')).measureRollingRestart();
    return;
  }
  if (process.argv.includes('--web-processes')) {
    await (await import('./web-processes.js')).benchWebProcesses();
    return;
  }
  if (process.argv.includes('--start')) {
    await (await import('./start.js')).benchStart();
    return;
  }
  if (process.argv.includes('--retention')) {
    await (await import('./retention.js')).benchRetention();
    return;
  }
  if (process.argv.includes('--api-key')) {
    await (await import('./api-key.js')).benchApiKey();
    return;
  }
  if (process.argv.includes('--sign-in')) {
    await (await import('./sign-in-page.js')).measureSignInPage();
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const settings = parseSettings({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    PORT: '0',
  });
  console.log(
    `Client Portal benchmarks on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores`,
  );

  let database = await openDatabase({ databaseUrl, dataDir });
  await timed('first start: migrate + demo seed', () => prepareDatabase(database, { seed: true }));
  await database.close();
  database = await timed('warm start: open database', () => openDatabase({ databaseUrl, dataDir }));
  await timed('warm start: prepare (no seed)', () => prepareDatabase(database, { seed: true }));

  const app = await buildApp({ settings, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${address.port}`;

  const auth = { authorization: await bearerFor(app, database, 'admin@operator.example') };

  const login = JSON.stringify({ email: 'clerk@acme.example', password: 'Portal-demo-1' });
  const targets: {
    name: string;
    path: string;
    headers?: Record<string, string>;
    method?: 'POST';
    body?: string;
    /** A fixed number of requests instead of a duration (sign-in is rate limited per account). */
    amount?: number;
  }[] = [
    // Health reads nothing since decision 37; readiness pings the database as health used to.
    { name: 'GET /api/health', path: '/api/health' },
    { name: 'GET /api/ready', path: '/api/ready' },
    { name: 'GET /api/application/config', path: '/api/application/config' },
    { name: 'GET /api/sites/search (signed in)', path: '/api/sites/search?number=10', headers: auth },
    { name: 'GET /api/user/info', path: '/api/user/info', headers: auth },
    { name: 'GET /api/permits/_count', path: '/api/permits/_count?state=current', headers: auth },
    { name: 'GET /api/user/accounts', path: '/api/user/accounts', headers: auth },
    {
      name: 'POST /api/user/login (argon2id)',
      path: '/api/user/login',
      method: 'POST',
      body: login,
      headers: { 'content-type': 'application/json' },
      amount: 15,
    },
  ];
  console.log(
    `\n${'endpoint'.padEnd(36)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
  );
  for (const target of targets) {
    const result = await autocannon({
      url: base + target.path,
      headers: target.headers,
      method: target.method ?? 'GET',
      body: target.body,
      connections: target.amount ? 1 : 10,
      ...(target.amount ? { amount: target.amount } : { duration: seconds }),
    });
    console.log(
      `${target.name.padEnd(36)} ${result.requests.average.toFixed(0).padStart(8)} ${String(result.latency.p50).padStart(8)} ${String(result.latency.p99).padStart(8)}${result.non2xx ? `  (${result.non2xx} non-2xx)` : ''}`,
    );
  }
  await benchBulkAdd(base, auth, database);
  const memory = process.memoryUsage();
  console.log(`\nmemory after load: rss ${mb(memory.rss)}, heap used ${mb(memory.heapUsed)}`);
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** A bulk permit add of 500 and of 5,000 rows (the most one upload may carry), timed end to end. */
async function benchBulkAdd(base: string, auth: Record<string, string>, database: Database) {
  const [site] = await selectRows<{ site_number: string }>(
    database.db,
    sql`select site_number from sites where site_number not in
      (select site_or_group_number from permit_allowances) order by site_number limit 1`,
  );
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  console.log('');
  for (const [size, prefix] of [
    [500, 'BA'],
    [PERMIT_BULK_MAX_ROWS, 'BB'],
  ] as const) {
    const rows = Array.from({ length: size }, (_, i) => ({
      id: i + 2,
      site_SiteGroupNumber: site!.site_number,
      vehicleRegistration: `${prefix}${String(i).padStart(6, '0')}`,
      driverName: 'Bench Driver',
      duration: 'Permanent',
      started: today,
    }));
    const start = performance.now();
    const response = await fetch(`${base}/api/permits?mode=bulk`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(rows),
    });
    const ms = performance.now() - start;
    console.log(
      `${`POST /api/permits?mode=bulk, ${size} rows`.padEnd(36)} ${ms.toFixed(0).padStart(8)} ms  (status ${response.status})`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
