/**
 * The read replica benchmark's server (bench/replica.ts), in a child process of its own so that the
 * load generator's work is not the server's: the real app on DATABASE_URL, with DATABASE_REPLICA_URL
 * when given. Prints one JSON line: its port and a bearer token for the operator's admin (all sites).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { openPostgres } from '../apps/server/src/db/client.js';
import { parseSettings } from '../apps/server/src/settings.js';
import { bearerFor } from './bearer.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-bench-replica-'));
const settings = parseSettings({
  DATABASE_URL: process.env.DATABASE_URL,
  DATABASE_REPLICA_URL: process.env.DATABASE_REPLICA_URL,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  PORT: '0',
  PERMIT_DIGEST_ENABLED: 'false',
  REPORT_SUBSCRIPTIONS_ENABLED: 'false',
});
const database = await openPostgres(settings.DATABASE_URL!, { poolSize: settings.DATABASE_POOL_SIZE });
const app = await buildApp({ settings, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });

const admin = await bearerFor(app, database, 'admin@operator.example');
console.log(JSON.stringify({ port: (app.server.address() as { port: number }).port, admin }));

/** Asked by the benchmark on stdin: the replica's state now ("state"), or to stop ("stop"). */
process.stdin.setEncoding('utf8');
process.stdin.on('data', async (text: string) => {
  if (text.includes('state'))
    console.log(JSON.stringify({ replica: app.heavyReads.replica?.state() ?? null }));
  if (text.includes('stop')) {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
