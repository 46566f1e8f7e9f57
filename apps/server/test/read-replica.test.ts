import {
  addIsoDays,
  addIsoMonths,
  permitAddResultSchema,
  permitPageSchema,
  ukToday,
} from '@client-portal/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHeaders, apiFor } from './api-client.js';
import { accountWith, clientWith, transactionAt } from './factories.js';
import { newRegistrations, ukDay } from './permit-fixture.js';
import { buildSecondInstance, buildTestApp, type TestApp } from './test-app.js';
import { databaseUrlOn } from './test-database.js';

/**
 * Decision 41 against a real hot standby of TEST_DATABASE_URL's server (a pg_basebackup copy
 * streaming from it; .ci/hot-standby makes one): TEST_DATABASE_REPLICA_URL names that standby.
 */
const replicaServer = process.env.TEST_DATABASE_REPLICA_URL;
const primaryServer = process.env.TEST_DATABASE_URL;

const today = ukToday();
const thisMonth = `${today.slice(0, 7)}-01`;
const lastMonth = { from: addIsoMonths(thisMonth, -1), to: thisMonth };
/** The heavy reads' connections as the standby lists them (the checks have a name of their own). */
const HEAVY_READS = 'client-portal-heavy-reads';

describe.skipIf(!replicaServer || !primaryServer)('heavy reads on a hot standby (decision 41)', () => {
  let t: TestApp;
  let databaseName: string;
  /** The standby's own `postgres` database, to watch what runs there. */
  let standby: pg.Pool;
  let caller: AuthHeaders;
  let site: string;
  const api = apiFor(() => t);
  const reg = newRegistrations('RPL', 4);
  const get = (url: string) => api.as(caller).get(`/api${url}`);

  /** Waits until the standby has replayed everything the primary had written when called. */
  async function caughtUp(timeoutMs = 30_000) {
    const { rows } = await t.database.sql.executeSql('select pg_current_wal_lsn()::text as lsn', []);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const replayed = await standby.query<{ done: boolean }>(
        'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done',
        [rows[0]!.lsn],
      );
      if (replayed.rows[0]!.done) return;
      if (Date.now() > deadline) throw new Error(`the standby has not replayed ${rows[0]!.lsn} in time`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The standby's clock now: what ran there after it is what a request sent. */
  const standbyNow = async () =>
    (await standby.query<{ at: Date }>('select clock_timestamp() as at')).rows[0]!.at;

  /** The statements the heavy reads' connections started on the standby since `since`. */
  async function heavyReadsSince(since: Date): Promise<string[]> {
    const { rows } = await standby.query<{ query: string }>(
      `select query from pg_stat_activity
        where application_name = $1 and datname = $2 and query_start >= $3`,
      [HEAVY_READS, databaseName, since],
    );
    return rows.map((row) => row.query);
  }

  /** Runs `request` and answers which heavy statements it ran on the standby. */
  async function onStandby(request: () => Promise<{ statusCode: number; body: string }>) {
    const since = await standbyNow();
    const res = await request();
    expect(res.statusCode, res.body).toBe(200);
    return heavyReadsSince(since);
  }

  async function pauseReplay() {
    await standby.query('select pg_wal_replay_pause()');
    for (;;) {
      const { rows } = await standby.query<{ state: string }>(
        'select pg_get_wal_replay_pause_state() as state',
      );
      if (rows[0]!.state === 'paused') return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const resumeReplay = () => standby.query('select pg_wal_replay_resume()');

  async function addPermit(registration: string) {
    const res = await api.as(caller).post('/api/permits', [
      {
        site_SiteGroupNumber: site,
        vehicleRegistration: registration,
        driverName: 'Rhian Replica',
        duration: 'Temporary',
        started: ukDay(0),
        ended: ukDay(7),
        reason: 1,
        authorisedBy: 'Sam Boss',
      },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json(permitAddResultSchema).permits[0]!;
  }
  const exported = async (app = t.app) => {
    const res = await app.inject({ url: '/api/permits/_export?state=current', headers: caller });
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload.subarray(2).toString('utf16le');
  };

  beforeAll(async () => {
    t = await buildTestApp({
      env: (url) => {
        databaseName = new URL(url!).pathname.slice(1);
        return { DATABASE_URL: url!, DATABASE_REPLICA_URL: databaseUrlOn(replicaServer!, databaseName) };
      },
    });
    standby = new pg.Pool({ connectionString: databaseUrlOn(replicaServer!, 'postgres'), max: 1 });
    const client = await clientWith(t, { sites: 1 });
    site = client.sites[0]!.number;
    caller = (
      await accountWith(t, {
        features: [
          'Statistics.Access',
          'Reports.Access',
          'Invoicing.Access',
          'Permits.View',
          'Permits.Add',
          'Permits.AllPermits',
        ],
        access: [site],
      })
    ).headers;
    for (let i = 0; i < 5; i++) {
      await transactionAt(t, site, { occurredAt: `${addIsoDays(lastMonth.from, i)}T10:00:00Z` });
    }
    await caughtUp();
    // The check at start-up may have come before the standby had this test's database.
    expect(await t.app.heavyReads.replica!.check()).toMatchObject({ status: 'ok' });
  }, 120_000);
  afterAll(async () => {
    await standby?.query('select pg_wal_replay_resume()').catch(() => undefined);
    await standby?.end();
    await t?.close();
  });

  it('reads statistics, reports and downloads on the standby', async () => {
    const period = `from=${lastMonth.from}&to=${addIsoDays(lastMonth.to, -1)}`;
    expect(await onStandby(() => get(`/statistics/parking?site=${site}`))).toContainEqual(
      expect.stringContaining('stats_site_days'),
    );
    expect(await onStandby(() => get(`/statistics/permits?site=${site}`))).toContainEqual(
      expect.stringContaining('stats_permit_days'),
    );
    expect(await onStandby(() => get(`/reports/permit-register?site=${site}&${period}`))).toContainEqual(
      expect.stringContaining('"permits"'),
    );
    expect(
      await onStandby(() =>
        get(`/invoice/parking-transactions/${site}/_export?from=${lastMonth.from}&to=${lastMonth.to}`),
      ),
    ).toContainEqual(expect.stringContaining('"transactions"'));
    expect(await onStandby(() => get('/permits/_export?state=current'))).toContainEqual(
      expect.stringContaining('"permits"'),
    );
  });

  it('lists a permit just added at once, from the primary, while the export reads the standby', async () => {
    await pauseReplay();
    try {
      const registration = reg();
      await addPermit(registration);
      // The standby has not replayed the add: the list shows it, so the list read the primary …
      const page = (await get('/permits?state=current')).json(permitPageSchema);
      expect(page.rows.map((p) => p.vehicleRegistration)).toContain(registration);
      // … and the download, which reads the standby, does not show it yet.
      expect(t.app.heavyReads.replica!.state().status).toBe('ok');
      expect(await exported()).not.toContain(registration);
      await resumeReplay();
      await caughtUp();
      expect(await exported()).toContain(registration);
    } finally {
      await resumeReplay();
    }
  });

  it('sends the heavy reads to the primary while the standby is further behind than the limit', async () => {
    const strict = await buildSecondInstance(t, { REPLICA_MAX_LAG_SECONDS: 1 });
    await pauseReplay();
    try {
      const registration = reg();
      await addPermit(registration);
      const replica = strict.app.heavyReads.replica!;
      const deadline = Date.now() + 20_000;
      while ((await replica.check()).status !== 'lagging') {
        if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(replica.state())}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(replica.state().lagSeconds).toBeGreaterThan(1);
      // The strict process's download reads the primary (the permit is there); the other's the standby.
      expect(await exported(strict.app)).toContain(registration);
      expect(await exported()).not.toContain(registration);
      const ready = await strict.app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', replica: 'failing' } });
    } finally {
      await resumeReplay();
      await strict.close();
    }
    await caughtUp();
  });

  it('answers every heavy read from the primary while the replica cannot be reached', async () => {
    // Nothing listens on port 1: every connection to this "replica" is refused.
    const cut = await buildSecondInstance(t, {
      DATABASE_REPLICA_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
    });
    try {
      const inject = (url: string) => cut.app.inject({ url: `/api${url}`, headers: caller });
      const period = `from=${lastMonth.from}&to=${addIsoDays(lastMonth.to, -1)}`;
      for (const url of [
        `/statistics/parking?site=${site}`,
        `/statistics/sites`,
        `/reports/permit-register?site=${site}&${period}&format=xlsx`,
        `/invoice/parking-transactions/${site}/_export?from=${lastMonth.from}&to=${lastMonth.to}`,
        '/permits/_export?state=current',
      ]) {
        const res = await inject(url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      }
      expect(cut.app.heavyReads.replica!.state()).toMatchObject({ status: 'down', lagSeconds: null });
      const ready = await cut.app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', replica: 'failing' } });
    } finally {
      await cut.close();
    }
  });

  it('still answers when the standby cuts the heavy reads connections', async () => {
    await get(`/statistics/parking?site=${site}`);
    const { rows } = await standby.query<{ cut: boolean }>(
      'select pg_terminate_backend(pid) as cut from pg_stat_activity where application_name = $1 and datname = $2',
      [HEAVY_READS, databaseName],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) {
      const res = await get(`/statistics/parking?site=${site}`);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('reports the replica as ready, and its lag, to the operator', async () => {
    await caughtUp();
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.json()).toMatchObject({ status: 'ready', checks: { replica: 'ok' } });
    const { body } = await t.app.metrics.scrape();
    expect(body).toMatch(/^client_portal_replica_lag_seconds \d+(\.\d+)?$/m);
    expect(body).toMatch(/^client_portal_replica_in_use 1$/m);
  });
});
