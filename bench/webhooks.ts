/**
 * The webhooks benchmark (issue 26, decision 45): `npm run bench -- --webhooks`. A client manager
 * subscribes a local receiver (node:http) to permit.added, then adds BENCH_WEBHOOK_EVENTS permits (1,000)
 * one per request through the API, BENCH_WEBHOOK_CONCURRENCY requests at a time (4), into a database
 * of its own on BENCH_PG_URL's server. Prints the time from each add's answer (its transaction has
 * committed, the event is in the outbox) to its signed delivery at the receiver: p50, p95 and max;
 * every event must arrive once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { addIsoDays, createdWebhookSchema, permitAddResultSchema, ukToday } from '@client-portal/contract';
import { buildApp } from '../apps/server/src/app.js';
import { openPostgres } from '../apps/server/src/db/client.js';
import { prepareDatabase } from '../apps/server/src/db/prepare.js';
import { parseSettings } from '../apps/server/src/settings.js';
import { accountWith, clientWith } from '../apps/server/test/factories.js';
import type { TestApp } from '../apps/server/test/test-app.js';
import { admin, databaseUrlOf } from './pg-server.js';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_WEBHOOK_CONCURRENCY ?? 4);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** A receiver that notes when each permit's event arrived, and checks its signature. */
async function startReceiver(
  arrived: Map<number, number[]>,
  secret: () => string,
  badSignatures: { n: number },
) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      const header = String(req.headers['x-clientportal-signature'] ?? '');
      const t = /t=(\d+)/.exec(header)?.[1];
      const expected = crypto.createHmac('sha256', secret()).update(`${t}.${body}`).digest('hex');
      if (!header.includes(`v1=${expected}`)) badSignatures.n++;
      const permitId = (JSON.parse(body) as { data: { permitId: number } }).data.permitId;
      arrived.set(permitId, [...(arrived.get(permitId) ?? []), at]);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

export async function benchWebhooks(): Promise<void> {
  const name = `cp_bench_webhooks_${process.pid}`;
  await admin(`create database ${name}`);
  const arrived = new Map<number, number[]>();
  let secret = '';
  const badSignatures = { n: 0 };
  const receiver = await startReceiver(arrived, () => secret, badSignatures);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-bench-webhooks-'));
  const url = databaseUrlOf(name);
  const database = await openPostgres(url);
  const settings = parseSettings({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PERMIT_DIGEST_ENABLED: 'false',
    REPORT_SUBSCRIPTIONS_ENABLED: 'false',
    WEBHOOK_ALLOWED_INTERNAL_HOSTS: 'localhost',
  });
  await prepareDatabase(database, { seed: false });
  const app = await buildApp({ settings, database, logger: false });
  try {
    await app.ready();
    const t = { app, database, settings } as unknown as TestApp;
    const client = await clientWith(t, { sites: 1 });
    const site = client.sites[0]!.number;
    const manager = await accountWith(t, { features: ['Users.Add', 'Permits.Add'], access: [site] });
    const headers = { authorization: manager.headers.authorization };
    const created = await app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers,
      payload: { url: `http://localhost:${receiver.port}/bench`, events: ['permit.added'], sites: [site] },
    });
    if (created.statusCode !== 201) throw new Error(`webhook: ${created.statusCode} ${created.body}`);
    secret = createdWebhookSchema.parse(created.json()).secret;
    console.log(
      `Webhooks: ${EVENTS} permit adds, ${CONCURRENCY} at a time, to a local receiver; PostgreSQL, ${os.cpus().length} cores`,
    );

    const today = ukToday();
    const answeredAt = new Map<number, number>();
    const started = performance.now();
    let next = 0;
    const add = async () => {
      for (let n = next++; n < EVENTS; n = next++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/permits?mode=single',
          headers,
          payload: [
            {
              id: 0,
              site_SiteGroupNumber: site,
              vehicleRegistration: `BW${String(n).padStart(5, '0')}X`,
              driverName: 'Bench Driver',
              duration: 'Temporary',
              reason: 2,
              authorisedBy: 'Bench',
              started: today,
              ended: addIsoDays(today, 7),
            },
          ],
        });
        if (res.statusCode !== 201) throw new Error(`permit ${n}: ${res.statusCode} ${res.body}`);
        answeredAt.set(permitAddResultSchema.parse(res.json()).permits[0]!.permitId, performance.now());
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, add));
    const addedIn = (performance.now() - started) / 1000;

    const deadline = Date.now() + 10 * 60_000;
    while (arrived.size < EVENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const deliveredIn = (Math.max(...[...arrived.values()].map((times) => times[0]!)) - started) / 1000;
    const waits = [...answeredAt.entries()]
      .filter(([id]) => arrived.has(id))
      .map(([id, at]) => arrived.get(id)![0]! - at)
      .sort((a, b) => a - b);
    const twice = [...arrived.values()].filter((times) => times.length > 1).length;

    const row = (label: string, value: string) => console.log(`${label.padEnd(44)} ${value}`);
    row('permits added', `${EVENTS} in ${addedIn.toFixed(1)} s: ${Math.round(EVENTS / addedIn)} adds/s`);
    row('events delivered', `${arrived.size} in ${deliveredIn.toFixed(1)} s`);
    row(
      'add answered to delivered: p50 / p95 / max',
      `${percentile(waits, 0.5).toFixed(0)} ms / ${percentile(waits, 0.95).toFixed(0)} ms / ${waits.at(-1)!.toFixed(0)} ms`,
    );
    row(
      'missing / delivered twice / bad signatures',
      `${EVENTS - arrived.size} / ${twice} / ${badSignatures.n}`,
    );
  } finally {
    await app.close();
    await database.close();
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
    await admin(`drop database if exists ${name} with (force)`);
  }
}
