import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Database, openPostgres } from '../src/db/client.js';
import { prepareDatabase } from '../src/db/prepare.js';
import { parseSettings } from '../src/settings.js';
import { apiFor, type Caller } from './api-client.js';
import { assertAnswersDocumented, recordAnswers } from './documented-answers.js';
import { accountWith, siteOf } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { newRegistrations, ukDay } from './permit-fixture.js';
import { postgresServerAnswers, postgresServerUrl } from './server-processes.js';
import { bearerFor } from './sign-in-as.js';
import type { TestApp } from './test-app.js';

/**
 * PostgreSQL going away under a running app: the app reaches its database through a TCP relay that
 * the test cuts and restores. Needs a PostgreSQL server (server-processes.ts).
 */
const serverUrl = postgresServerUrl;
const CONNECT_TIMEOUT_MS = 800;

class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** The database host vanishes: open connections drop, new ones are refused. */
  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
    this.server = undefined;
  }
}

async function admin(text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe.skipIf(!(await postgresServerAnswers()))('the database unreachable', () => {
  const name = `cp_test_${crypto.randomBytes(6).toString('hex')}`;
  const target = new URL(serverUrl);
  const relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
  let t: TestApp;
  const api = apiFor(() => t);
  let database: Database;
  let clerk: { authorization: string };
  let answers: ReturnType<typeof recordAnswers> | undefined;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-database-down-'));

  beforeAll(async () => {
    await admin(`create database ${name}`);
    await relay.open();
    const url = new URL(serverUrl);
    url.host = `127.0.0.1:${relay.port}`;
    url.pathname = `/${name}`;
    database = await openPostgres(url.toString(), { poolSize: 3, connectTimeoutMs: CONNECT_TIMEOUT_MS });
    await prepareDatabase(database, { seed: true, transactionsPerSitePerDay: 1 });
    const settings = parseSettings({
      LOG_LEVEL: 'silent',
      PERMIT_DIGEST_ENABLED: 'false',
      WEB_DIST: '/nonexistent-web-dist',
      DATABASE_RETRY_AFTER_SECONDS: '7',
      JOB_POLL_SECONDS: '0.5',
      DATA_DIR: dataDir,
    });
    const app = await buildApp({ settings, database, logger: false });
    answers = recordAnswers(app);
    await app.ready();
    t = { app, database, settings, close: async () => undefined };
    clerk = await bearerFor(t, 'clerk@acme.example');
  });
  afterAll(async () => {
    const undocumented = answers?.undocumented() ?? [];
    await t?.app.close();
    await database?.close().catch(() => undefined);
    await relay.cut().catch(() => undefined);
    await admin(`drop database if exists ${name} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    assertAnswersDocumented(undocumented);
  });

  it('answers 503 with Retry-After within the connection timeout, and recovers when it is back', async () => {
    const get = (url: string, caller?: Caller) => api.as(caller).get(url);
    expect((await get('/api/permits?state=current', clerk)).statusCode).toBe(200);

    await relay.cut();
    for (const [url, headers] of [
      ['/api/permits?state=current', clerk],
      ['/api/user/info', clerk],
      ['/api/application/config', undefined],
    ] as const) {
      const started = performance.now();
      const res = await get(url, headers);
      const ms = performance.now() - started;
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBe('7');
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 503, title: 'Service Unavailable' });
      expect(ms, url).toBeLessThan(CONNECT_TIMEOUT_MS + 1_500);
    }
    // Alive (a load balancer keeps the process), not ready (it sends nothing here until the database is back).
    expect((await get('/api/health')).statusCode).toBe(200);
    const ready = await get('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('7');
    expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { database: 'failing' } });

    await relay.open();
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      status = (await get('/api/permits?state=current', clerk)).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
    expect((await get('/api/ready')).statusCode).toBe(200);
  });

  it('restarted under load: no acknowledged write lost, 503 and Retry-After while down, jobs carry on', async () => {
    const site = await siteOf(t, { name: 'Restart Park' });
    const adder = await accountWith(t, {
      features: ['Permits.View', 'Permits.AllPermits', 'Permits.Add'],
      access: [site.number],
    });
    const add = (registration: string) =>
      api.as(adder).post('/api/permits', [
        {
          id: 0,
          site_SiteGroupNumber: site.number,
          vehicleRegistration: registration,
          driverName: 'Dee Driver',
          duration: 'Temporary',
          started: ukDay(1),
          ended: ukDay(3),
          reason: 3,
          authorisedBy: 'Sam Boss',
        },
      ]);
    const writes: { registration: string; status: number; retryAfter?: string }[] = [];
    const reads: { status: number; retryAfter?: string }[] = [];
    let loading = true;
    // Registrations no seeded one resembles, none a typo of another (the plate check would ask).
    const nextRegistration = newRegistrations('QZR', 4);
    const writer = async () => {
      while (loading) {
        const registration = nextRegistration();
        const res = await add(registration);
        writes.push({
          registration,
          status: res.statusCode,
          retryAfter: res.headers['retry-after'] as string,
        });
      }
    };
    const reader = async () => {
      while (loading) {
        const res = await api.as(adder).get('/api/permits?state=upcoming');
        reads.push({ status: res.statusCode, retryAfter: res.headers['retry-after'] as string });
      }
    };
    const load = Promise.all([writer(), writer(), reader()]);
    const countWhile = async (ms: number) => {
      const before = writes.length + reads.length;
      await new Promise((resolve) => setTimeout(resolve, ms));
      return writes.length + reads.length - before;
    };

    expect(await countWhile(1_500)).toBeGreaterThan(0);
    // The restart: every connection drops at once, and for three seconds none is accepted.
    await relay.cut();
    const duringDown = writes.length + reads.length;
    await countWhile(3_000);
    await relay.open();
    await expect
      .poll(() => writes.slice(duringDown).some((w) => w.status === 201), { timeout: 15_000 })
      .toBe(true);
    await countWhile(1_000);
    loading = false;
    await load;

    // Every answer was either done or "not now, try again in 7 s": never a 500.
    for (const answer of [...writes, ...reads]) {
      expect([200, 201, 503]).toContain(answer.status);
      if (answer.status === 503) expect(answer.retryAfter).toBe('7');
    }
    expect(writes.filter((w) => w.status === 503).length).toBeGreaterThan(0);
    // Every acknowledged write is there, once.
    const acknowledged = writes.filter((w) => w.status === 201).map((w) => w.registration);
    const rows = await selectRows<{ registration: string }>(
      database.db,
      sql`select vehicle_registration as registration from permits where site_number = ${site.number}`,
    );
    const stored = rows.map((r) => r.registration);
    for (const registration of acknowledged) {
      expect(
        stored.filter((r) => r === registration),
        registration,
      ).toHaveLength(1);
    }
    console.info(
      `restart under load: ${writes.length} writes (${acknowledged.length} acknowledged, ` +
        `${writes.length - acknowledged.length} answered 503), ${reads.length} reads`,
    );

    // The job engine carries on by itself: a mail queued now is delivered (to the outbox).
    expect(t.app.jobs.running()).toBe(true);
    await t.app.mailer.send({
      to: 'after-restart@ops.example',
      subject: 'After the restart',
      text: 'Delivered.',
      html: '<p>Delivered.</p>',
    });
    // Only this mail: the permit confirmations a job was sending when the connections dropped stay
    // active until their attempt's limit, and are then run again (jobs.test, "goes away as a job ends").
    const stateOfMail = async () =>
      (
        await selectRows<{ state: string }>(
          database.db,
          sql`select state from pgboss.job where name = 'mail.send' and data->>'to' = 'after-restart@ops.example'`,
        )
      )[0]?.state;
    await expect.poll(stateOfMail, { timeout: 20_000, interval: 100 }).toBe('completed');
    const ready = await api.get('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks.jobs).toBe('ok');
  }, 90_000);
});
