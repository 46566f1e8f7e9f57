import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWith, permitAt, siteOf } from './factories.js';
import { selectRows } from './fixture-rows.js';
import {
  postgresServerAnswers,
  postgresServerUrl,
  type ServerProcess,
  startServerProcess,
} from './server-processes.js';
import { startSmtpInbox } from './smtp-inbox.js';
import { buildTestApp, jobsSettled, type TestApp } from './test-app.js';

/** Enough digests that the worker is killed with some sent, some being sent and some not started. */
const USERS = 40;
const DAY = 24 * 3600 * 1000;

/**
 * Issue 25: a worker killed (SIGKILL) while sending the day's digests; another worker finishes the
 * day, and every user has the digest once. Several operating-system processes on one PostgreSQL.
 */
describe.skipIf(!(await postgresServerAnswers()))('a worker killed while sending the digest', () => {
  let t: TestApp;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  const workers: ServerProcess[] = [];
  const emails: string[] = [];
  // Attempts of a killed process are failed after 5 s (checked every 2 s) and run again elsewhere.
  const jobSettings = { JOB_ATTEMPT_SECONDS_MAX: '5', JOB_MAINTENANCE_SECONDS: '2' };

  beforeAll(async () => {
    // Each message takes a moment to accept, so that the kill finds mail in flight.
    inbox = await startSmtpInbox({ delayMs: 100 });
    // This test's own app only queues (web); the workers are child processes.
    t = await buildTestApp({
      postgresUrl: postgresServerUrl,
      env: { PROCESS_ROLE: 'web', SMTP_URL: inbox.url, ...jobSettings },
    });
    const site = await siteOf(t, { name: 'Killed Worker Park' });
    await permitAt(t, site.number, {
      registration: 'ENDS3D',
      started: new Date(Date.now() - 5 * DAY),
      ended: new Date(Date.now() + 3 * DAY),
    });
    for (let i = 0; i < USERS; i++) {
      const account = await accountWith(t, {
        features: ['Permits.View', 'Permits.AllPermits'],
        access: [site.number],
        email: `digest-${i}@killed-worker.example`,
        flags: ['PermitExpiryDigest'],
      });
      emails.push(account.email);
    }
  }, 240_000);
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await t?.close();
    await inbox?.close();
  });

  const digestsTo = (email: string) =>
    inbox.received.filter((m) => m.to.includes(email) && /Permits ending soon/.test(m.subject));
  const usersWithDigest = () => emails.filter((email) => digestsTo(email).length > 0).length;

  it('gives every user the day’s digest exactly once', async () => {
    const workerEnv = {
      DATABASE_URL: t.url!,
      SMTP_URL: inbox.url,
      PROCESS_ROLE: 'worker',
      SEED_DEMO: 'false',
      JOB_POLL_SECONDS: '0.5',
      ...jobSettings,
    };
    const first = await startServerProcess(workerEnv);
    workers.push(first);
    await t.app.jobs.send('permit-digest.plan', {});

    // Killed once some users have theirs, well before all do.
    await expect.poll(usersWithDigest, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(8);
    first.child.kill('SIGKILL');
    await first.exited();
    const reachedBeforeKill = usersWithDigest();
    expect(reachedBeforeKill).toBeLessThan(USERS);

    workers.push(await startServerProcess(workerEnv));
    await expect.poll(usersWithDigest, { timeout: 120_000, interval: 250 }).toBe(USERS);
    await jobsSettled(t, 'permit-digest.send', 60_000);
    await jobsSettled(t, 'mail.send', 60_000);

    for (const email of emails) {
      // One digest in the notification centre, and one mail: a mail whose acceptance the kill cut
      // short may be delivered again, always under its one Message-ID, which is how a mail client
      // shows it once.
      const messageIds = new Set(digestsTo(email).map((m) => m.messageId));
      expect(messageIds.size, email).toBe(1);
      const [{ count }] = (await selectRows<{ count: number }>(
        t.database.db,
        sql`select count(*)::int as count from notifications n
            join notification_recipients r on r.notification_id = n.id join users u on u.id = r.user_id
            where u.email = ${email} and n.category = 'PermitExpiryDigest'`,
      )) as [{ count: number }];
      expect(count, email).toBe(1);
    }
    const resent = emails.reduce((sum, email) => sum + digestsTo(email).length, 0) - USERS;
    console.info(
      `digest: ${reachedBeforeKill}/${USERS} reached before the kill; ${resent} mail(s) delivered again`,
    );
  }, 300_000);
});
