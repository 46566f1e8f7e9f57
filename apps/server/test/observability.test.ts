import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/plugins/request-log.js';
import { apiFor } from './api-client.js';
import { selectRows } from './fixture-rows.js';
import { postgresServerAnswers, postgresServerUrl } from './server-processes.js';
import { buildTestApp, type TestApp } from './test-app.js';

const METRICS_TOKEN = 'a-metrics-token-for-the-tests';
const DEMO_PASSWORD = 'Portal-demo-1';

/** The value of one sample of a Prometheus text exposition (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).split(' ')[0] ?? '';
    if (wanted.every((pair) => labelText.includes(pair))) return Number(line.split(' ').at(-1));
  }
  return 0;
}

describe('metrics (decision 37)', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  const scrape = async () => {
    const res = await api.get('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 404 to a caller without the metrics token, as for a page that does not exist', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-of-some-length',
      `Bearer ${METRICS_TOKEN}x`,
      METRICS_TOKEN,
    ]) {
      const res = await api.get('/metrics', { headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(404);
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('answers the Prometheus text format to the token: process, database and live stream figures', async () => {
    const res = await api.get('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(sample(text, 'client_portal_db_info', { kind: t.database.kind })).toBe(1);
    expect(text).toContain('# TYPE client_portal_live_streams gauge');
    expect(sample(text, 'client_portal_live_streams')).toBe(0);
  });

  it('counts and times each request by its route pattern and status, never its URL', async () => {
    const code = 'a-reset-code-that-must-not-show';
    const route = '/api/user/password/reset/:code';
    const before = await scrape();
    const answer = await api.get(`/api/user/password/reset/${code}`);
    const after = await scrape();
    const labels = { method: 'GET', route, status: String(answer.statusCode) };
    expect(sample(after, 'http_requests_total', labels) - sample(before, 'http_requests_total', labels)).toBe(
      1,
    );
    expect(
      sample(after, 'http_request_duration_seconds_count', labels) -
        sample(before, 'http_request_duration_seconds_count', labels),
    ).toBe(1);
    expect(after).not.toContain(code);
    // A path no route matches is counted under one label, not under each URL tried.
    await api.get('/api/no-such-route/12345');
    const unmatched = await scrape();
    expect(sample(unmatched, 'http_requests_total', { route: '(unmatched)', status: '404' })).toBeGreaterThan(
      0,
    );
    expect(unmatched).not.toContain('12345');
  });

  it('reads a gauge a module registers at each scrape (the hook the job engine uses)', async () => {
    let depth = 3;
    t.app.metrics.registerGauge({
      name: 'client_portal_test_queue_depth',
      help: 'A queue depth, as a job engine would register it.',
      labelNames: ['queue'],
      read: async () => [{ labels: { queue: 'mail' }, value: depth }],
    });
    expect(sample(await scrape(), 'client_portal_test_queue_depth', { queue: 'mail' })).toBe(3);
    depth = 5;
    expect(sample(await scrape(), 'client_portal_test_queue_depth', { queue: 'mail' })).toBe(5);
  });
});

describe('metrics on an internal port (METRICS_PORT)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false, env: { METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves /metrics without a token on 127.0.0.1 only, and not on the main port', async () => {
    const url = t.app.metrics.internalUrl();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('process_cpu_user_seconds_total');
    expect((await fetch(`${url}/api/health`)).status).toBe(404);
    expect((await apiFor(t).get('/metrics')).statusCode).toBe(404);
  });
});

describe.skipIf(!(await postgresServerAnswers()))('metrics of the PostgreSQL pool', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      seed: false,
      env: { METRICS_TOKEN },
      postgresUrl: postgresServerUrl,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the pool in use and the time spent waiting for its connections', async () => {
    await apiFor(t).get('/api/ready');
    const text = (await apiFor(t).get('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }))
      .body;
    expect(sample(text, 'client_portal_db_info', { kind: 'postgres' })).toBe(1);
    expect(sample(text, 'client_portal_db_pool_max')).toBeGreaterThan(0);
    expect(sample(text, 'client_portal_db_pool_open')).toBeGreaterThan(0);
    expect(text).toContain('client_portal_db_pool_idle ');
    expect(sample(text, 'client_portal_db_pool_waiting')).toBe(0);
    expect(sample(text, 'client_portal_db_pool_acquired_total')).toBeGreaterThan(0);
    expect(text).toContain('client_portal_db_pool_wait_seconds_total ');
  });
});

describe('readiness checks', () => {
  let t: TestApp;
  let jobsRunning = true;
  const api = apiFor(() => t);

  beforeAll(async () => {
    t = await buildTestApp({
      seed: false,
      env: { DATABASE_RETRY_AFTER_SECONDS: '9' },
      beforeReady: (app) => app.readiness.add('test-check', async () => jobsRunning),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is ready when every named check holds, and says which one fails otherwise (503, Retry-After)', async () => {
    const ready = await api.get('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', jobs: 'ok', 'test-check': 'ok' },
    });

    jobsRunning = false;
    const notReady = await api.get('/api/ready');
    expect(notReady.statusCode).toBe(503);
    expect(notReady.headers['retry-after']).toBe('9');
    expect(notReady.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', migrations: 'ok', jobs: 'ok', 'test-check': 'failing' },
    });
    expect((await api.get('/api/health')).statusCode).toBe(200);
    jobsRunning = true;
  });

  it('is not ready while a migration this build ships is not applied', async () => {
    const [last] = await selectRows<{ name: string }>(
      t.database.db,
      sql`select name from schema_migrations order by name desc limit 1`,
    );
    await t.database.db.execute(sql`delete from schema_migrations where name = ${last!.name}`);
    try {
      const res = await api.get('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ checks: { database: 'ok', migrations: 'failing' } });
    } finally {
      await t.database.db.execute(sql`insert into schema_migrations (name) values (${last!.name})`);
    }
    expect((await api.get('/api/ready')).statusCode).toBe(200);
  });
});

describe('request ids and log lines', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let written = '';
  const lines = () =>
    written
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    t = await buildTestApp({
      logger: loggerOptions(
        { LOG_LEVEL: 'info' },
        {
          write: (line: string) => {
            written += line;
          },
        },
      ),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers every request with an x-request-id: the proxy's when it is a safe short token, else its own", async () => {
    const own = await api.get('/api/health');
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const other = await api.get('/api/health');
    expect(other.headers['x-request-id']).not.toBe(own.headers['x-request-id']);

    const fromProxy = await api.get('/api/health', { headers: { 'x-request-id': 'edge-7f3a9c01.42' } });
    expect(fromProxy.headers['x-request-id']).toBe('edge-7f3a9c01.42');
    for (const unsafe of ['short', 'x'.repeat(65), 'two words here', 'a"quote"in-it', 'line\\nbreak-1234']) {
      const res = await api.get('/api/health', { headers: { 'x-request-id': unsafe } });
      expect(res.headers['x-request-id'], unsafe).toMatch(/^[0-9a-f-]{36}$/);
    }
    const missing = await api.get('/api/no-such-route');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs one JSON line per request with its id, user id, route, status and duration, and no address or token', async () => {
    written = '';
    const email = 'clerk@acme.example';
    const login = await api.post('/api/user/login', { email, password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(200);
    const { accessToken, refreshToken } = login.json() as { accessToken: string; refreshToken: string };
    const bearer = { authorization: `Bearer ${accessToken}` };
    const info = await api.as(bearer).get('/api/user/info');
    expect(info.statusCode).toBe(200);
    const [user] = await selectRows<{ id: string }>(
      t.database.db,
      sql`select id from users where email = ${email}`,
    );
    const userId = user!.id;
    const refreshed = await api.post('/api/user/refresh', { refreshToken });
    expect(refreshed.statusCode).toBe(200);
    const newTokens = refreshed.json() as { accessToken: string; refreshToken: string };
    // A refusal naming the address, a reset link mailed to it (the outbox's line), a code in a URL.
    expect((await api.post('/api/user/login', { email, password: 'wrong-password' })).statusCode).toBe(401);
    expect((await api.post('/api/user/password/reset-link', { email })).statusCode).toBeLessThan(300);
    const code = 'reset-code-that-must-not-be-logged';
    await api.get(`/api/user/password/reset/${code}`);
    await expect.poll(() => lines().some((line) => line.msg === 'mail written to outbox')).toBe(true);

    const requestLines = lines().filter((line) => typeof line.route === 'string');
    expect(requestLines.length).toBeGreaterThanOrEqual(6);
    const infoLine = requestLines.find((line) => line.route === '/api/user/info');
    expect(infoLine).toMatchObject({
      level: 30,
      reqId: info.headers['x-request-id'],
      userId,
      method: 'GET',
      status: 200,
      msg: expect.stringMatching(/^GET \/api\/user\/info 200 in [\d.]+ ms$/),
    });
    expect(typeof infoLine?.ms).toBe('number');
    expect(requestLines.find((line) => line.route === '/api/user/password/reset/:code')).toMatchObject({
      status: expect.any(Number),
    });
    // Fastify's own two lines per request are replaced by ours.
    expect(lines().some((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toBe(
      false,
    );

    const text = written;
    expect(text).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/);
    for (const secret of [
      accessToken,
      refreshToken,
      newTokens.accessToken,
      newTokens.refreshToken,
      DEMO_PASSWORD,
      code,
    ])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/Bearer /);
  });
});
