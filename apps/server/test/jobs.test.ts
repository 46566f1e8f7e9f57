import net from 'node:net';
import { allFeatureNames, jobsOverviewSchema } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SqlExecutor } from '../src/db/client.js';
import { createJobEngine } from '../src/modules/jobs/index.js';
import { apiFor } from './api-client.js';
import { accountWith, roleWith, siteOf, type TestAccount } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { ukDay } from './permit-fixture.js';
import { startSmtpInbox } from './smtp-inbox.js';
import { buildSecondInstance, buildTestApp, jobsSettled, type TestApp } from './test-app.js';

/** A local port with nothing listening on it (yet): the mail server that is down. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface JobRow {
  id: string;
  state: string;
  retry_count: number;
}

/** Issue 25 (decision 40): background work on the job engine, never lost, visible when it fails. */
describe('the job engine', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let smtpPort: number;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>> | undefined;
  let admin: TestAccount;
  let clerk: TestAccount;
  let manager: TestAccount;
  let site: string;
  let clerkRole: number;

  const mailJobsTo = (to: string) =>
    selectRows<JobRow>(
      t.database.db,
      sql`select id::text, state, retry_count from pgboss.job
          where name = 'mail.send' and data->>'to' = ${to} order by created_on`,
    );

  beforeAll(async () => {
    smtpPort = await freePort();
    t = await buildTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, PUBLIC_URL: 'http://portal.test' },
    });
    admin = await accountWith(t, { features: ['Application.SysAdmin'], access: 'all' });
    clerk = await accountWith(t, { features: ['Permits.View'], access: [], password: 'Clerk-pass-123' });
    site = (await siteOf(t, { name: 'Outage Park' })).number;
    clerkRole = await roleWith(t, ['Permits.View']);
    manager = await accountWith(t, {
      features: allFeatureNames,
      access: 'all',
      email: 'manager@outage.example',
    });
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  it('keeps every mail while the mail server is down for a minute, and sends each once when it is back', async () => {
    const downSince = Date.now();
    const quickly = async (call: () => Promise<{ statusCode: number; body: string }>, status: number) => {
      const started = Date.now();
      const res = await call();
      expect(res.statusCode, res.body).toBe(status);
      expect(Date.now() - started).toBeLessThan(2_000);
    };
    // A password reset, a permit added with its driver's address, an invitation: each answered at once.
    await quickly(() => api.post('/api/user/password/reset-link', { email: clerk.email }), 204);
    await quickly(
      () =>
        api.as(manager).post('/api/permits', [
          {
            id: 0,
            site_SiteGroupNumber: site,
            vehicleRegistration: 'OUT4GE',
            driverName: 'Dee Driver',
            driverEmail: 'dee@outage.example',
            duration: 'Temporary',
            started: ukDay(1),
            ended: ukDay(5),
            reason: 3,
            authorisedBy: 'Sam Boss',
          },
        ]),
      201,
    );
    await quickly(
      () =>
        api.as(manager).post('/api/user/accounts', {
          email: 'invitee@outage.example',
          access: [site],
          roles: [clerkRole],
          flags: [],
        }),
      201,
    );
    const expected: [string, RegExp][] = [
      [clerk.email, /password/i],
      ['dee@outage.example', /^Your parking permit/],
      [manager.email, /^Permit .* added/],
      ['invitee@outage.example', /account/i],
    ];
    // Each first try fails (nothing listens) and its job waits to be tried again, with backoff.
    for (const [to] of expected) {
      await expect.poll(async () => (await mailJobsTo(to))[0]?.state, { timeout: 10_000 }).toBe('retry');
    }

    await sleep(downSince + 60_000 - Date.now());
    inbox = await startSmtpInbox({ port: smtpPort });
    const back = Date.now();
    const received = [];
    for (const [to, subject] of expected) received.push(await inbox.waitFor(to, subject, 150_000));
    // The first retry that went through started the others, rather than each waiting out its backoff.
    const drainedIn = Date.now() - back;
    await jobsSettled(t);
    // Once each: no second copy arrived.
    for (const [to] of expected)
      expect(
        inbox.received.filter((m) => m.to.includes(to)),
        to,
      ).toEqual([]);
    const [reset] = await mailJobsTo(clerk.email);
    expect(reset!.state).toBe('completed');
    expect(reset!.retry_count).toBeGreaterThanOrEqual(2);
    // The link in the mail is nowhere in the job's row: its body is sealed.
    const link = received[0]!.text.match(/http:\/\/portal\.test\/\S+/)![0];
    const [row] = await selectRows<{ data: string }>(
      t.database.db,
      sql`select data::text from pgboss.job where id = ${reset!.id}::uuid`,
    );
    expect(row!.data).toContain(clerk.email);
    expect(row!.data).not.toContain(link);
    console.info(
      `mail outage: 60 s down; all ${expected.length} mails delivered ${drainedIn} ms after it was back`,
    );
  }, 240_000);

  it('lists a job that ran out of tries for operator administrators, without its body, and retries it', async () => {
    await inbox?.close();
    inbox = undefined;
    const to = 'failing@jobs.example';
    await t.app.jobs.boss.send(
      'mail.send',
      {
        to,
        subject: 'Your reset link',
        sealedBody: t.app.tokens.seal(
          JSON.stringify({ text: 'secret-link-123', html: '<p>secret-link-123</p>' }),
        ),
      },
      { retryLimit: 0 },
    );
    await expect.poll(async () => (await mailJobsTo(to))[0]?.state, { timeout: 10_000 }).toBe('failed');
    const [failed] = await mailJobsTo(to);

    expect((await api.as(clerk).get('/api/admin/jobs')).statusCode).toBe(403);
    const res = await api.as(admin).get('/api/admin/jobs');
    expect(res.statusCode, res.body).toBe(200);
    const overview = res.json(jobsOverviewSchema);
    expect(overview.kinds.map((k) => k.kind)).toEqual(
      expect.arrayContaining(['mail.send', 'permit-digest.send', 'report-subscriptions.due']),
    );
    expect(overview.kinds.find((k) => k.kind === 'mail.send')!.failed).toBeGreaterThanOrEqual(1);
    const row = overview.failed.rows.find((r) => r.id === failed!.id);
    expect(row).toMatchObject({ kind: 'mail.send', summary: `To ${to}: Your reset link`, attempts: 1 });
    expect(row!.error).toMatch(/ECONNREFUSED|connect/i);
    expect(res.body).not.toContain('secret-link-123');

    // Retried once the mail server is back: delivered, and the retry is audited.
    inbox = await startSmtpInbox({ port: smtpPort });
    expect((await api.as(clerk).post(`/api/admin/jobs/${failed!.id}/retry`)).statusCode).toBe(403);
    const retried = await api.as(admin).post(`/api/admin/jobs/${failed!.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(204);
    const delivered = await inbox.waitFor(to, /^Your reset link$/, 20_000);
    expect(delivered.text).toContain('secret-link-123');
    const audit = await selectRows<{ description: string }>(
      t.database.db,
      sql`select description from audit_events where actor_user_id = ${admin.userId} and type = 'JobRetried'`,
    );
    expect(audit).toEqual([{ description: `Retried the failed background job ${failed!.id}` }]);
    // Not failed any more: a second retry finds nothing to retry.
    const again = await api.as(admin).post(`/api/admin/jobs/${failed!.id}/retry`);
    expect(again.statusCode).toBe(404);
    const unknown = await api.as(admin).post('/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry');
    expect(unknown.statusCode).toBe(404);
    expect((await api.as(admin).post('/api/admin/jobs/not-a-uuid/retry')).statusCode).toBe(400);
  }, 60_000);

  it('is on /api/ready and on /metrics: each kind by state, and the age of its oldest waiting job', async () => {
    const ready = await api.get('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks.jobs).toBe('ok');
    const metrics = await t.app.metrics.scrape();
    expect(metrics.body).toMatch(/client_portal_jobs\{kind="mail.send",state="failed"\} \d+/);
    expect(metrics.body).toMatch(/client_portal_jobs_oldest_queued_seconds\{kind="mail.send"\} [\d.]+/);
  });

  it('PROCESS_ROLE=web queues jobs and never runs them; a worker on the same database runs them', async () => {
    const mailbox = await startSmtpInbox();
    const web = await buildTestApp({ env: { PROCESS_ROLE: 'web', SMTP_URL: mailbox.url } });
    try {
      const user = await accountWith(web, {
        features: ['Permits.View'],
        access: [],
        password: 'Web-pass-1234',
      });
      expect(web.app.jobs.runsJobs).toBe(false);
      const res = await apiFor(web).post('/api/user/password/reset-link', { email: user.email });
      expect(res.statusCode).toBe(204);
      await sleep(2_000);
      const [queued] = await selectRows<JobRow>(
        web.database.db,
        sql`select id::text, state, retry_count from pgboss.job
            where name = 'mail.send' and data->>'to' = ${user.email}`,
      );
      expect(queued!.state).toBe('created');
      expect(mailbox.received).toHaveLength(0);

      const worker = await buildSecondInstance(web, { PROCESS_ROLE: 'worker' });
      try {
        expect(worker.app.jobs.runsJobs).toBe(true);
        // A worker serves health and readiness only.
        expect((await worker.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        expect((await worker.app.inject({ method: 'GET', url: '/api/sites/accessible' })).statusCode).toBe(
          404,
        );
        await mailbox.waitFor(user.email, /password/i, 10_000);
      } finally {
        await worker.close();
      }
    } finally {
      await web.close();
      await mailbox.close();
    }
  }, 60_000);

  it('keeps running when the database goes away as a job ends: logged, and the job stays to run again', async () => {
    const web = await buildTestApp({ env: { PROCESS_ROLE: 'web' } });
    let databaseDown = false;
    const sqlThatGoesDown: SqlExecutor = {
      executeSql: (text, values) =>
        databaseDown
          ? Promise.reject(new Error('Connection terminated'))
          : web.database.sql.executeSql(text, values),
    };
    const warnings: string[] = [];
    const log = Object.assign(Object.create(web.app.log), {
      warn: (_details: unknown, message: string) => warnings.push(message),
    }) as FastifyBaseLogger;
    const engine = createJobEngine({ sql: sqlThatGoesDown, runsJobs: true, pollSeconds: 0.5, log });
    let runs = 0;
    engine.handle('notifications.publish-due', z.object({}), async () => {
      runs++;
      databaseDown = true;
    });
    try {
      await engine.start();
      const id = await engine.send('notifications.publish-due', {});
      // pg-boss records the end of a job without awaiting it; unhandled, this rejection ends the run.
      await expect
        .poll(() => warnings, { timeout: 10_000 })
        .toContain('job engine could not record a job as done; it will run again');
      databaseDown = false;
      const [job] = await selectRows<JobRow>(
        web.database.db,
        sql`select id::text, state, retry_count from pgboss.job where id = ${id}::uuid`,
      );
      expect(job!.state).toBe('active');
      expect(runs).toBe(1);
    } finally {
      databaseDown = false;
      await engine.stop();
      await web.close();
    }
  }, 60_000);

  it('puts back a job whose fetch answers as the process stops: not run there, and ready for another 5 s later', async () => {
    const web = await buildTestApp({ env: { PROCESS_ROLE: 'web' } });
    // pg-boss's fetch (it marks the job active) runs in the database; its answer is held until released.
    const isFetch = (text: string) => /state = 'active',\s*started_on = now\(\)/.test(text);
    let holding: { answered(): void; release: Promise<void> } | undefined;
    const sqlWithSlowFetches: SqlExecutor = {
      async executeSql(text, values) {
        const result = await web.database.sql.executeSql(text, values);
        const hold = holding;
        if (hold && isFetch(text) && result.rows.length > 0) {
          hold.answered();
          await hold.release;
        }
        return result;
      },
    };
    const jobOf = async (id: string) =>
      (
        await selectRows<JobRow & { started: boolean }>(
          web.database.db,
          sql`select id::text, state, retry_count, started_on is not null as started
              from pgboss.job where id = ${id}::uuid`,
        )
      )[0]!;
    const runs: string[] = [];
    const engineOver = (db: SqlExecutor, name: string) => {
      const engine = createJobEngine({ sql: db, runsJobs: true, pollSeconds: 0.5, log: web.app.log });
      engine.handle('notifications.publish-due', z.object({}), async (_data, job) => {
        runs.push(`${name} ${job.retryCount}`);
      });
      return engine;
    };
    try {
      // A first attempt, and a retry (tried once before: started, retry_count 1).
      for (const retried of [false, true]) {
        runs.length = 0;
        const id = (await web.app.jobs.send(
          'notifications.publish-due',
          {},
          { startAfter: new Date(Date.now() + 3600_000) },
        ))!;
        await web.database.db.execute(
          retried
            ? sql`update pgboss.job set state = 'retry', retry_count = 1, started_on = now() - interval '1 minute',
                    start_after = now() where id = ${id}::uuid`
            : sql`update pgboss.job set start_after = now() where id = ${id}::uuid`,
        );
        const before = await jobOf(id);
        let answered!: () => void;
        let release!: () => void;
        const fetchAnswered = new Promise<void>((resolve) => {
          answered = resolve;
        });
        holding = {
          answered,
          release: new Promise<void>((resolve) => {
            release = resolve;
          }),
        };
        const stopping = engineOver(sqlWithSlowFetches, 'stopping');
        await stopping.start();
        await fetchAnswered;
        expect((await jobOf(id)).state).toBe('active');
        const stopped = stopping.stop();
        // The answer arrives while the stop waits for it.
        setTimeout(release, 300);
        await stopped;
        holding = undefined;
        expect(runs).toEqual([]);
        expect(await jobOf(id)).toEqual(before);

        const next = engineOver(web.database.sql, 'next');
        await next.start();
        try {
          await expect.poll(() => runs, { timeout: 20_000 }).toEqual([`next ${retried ? 2 : 0}`]);
        } finally {
          await next.stop();
        }
      }
    } finally {
      holding = undefined;
      await web.close();
    }
  }, 60_000);
});
