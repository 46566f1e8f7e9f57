import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox } from '../apps/server/test/smtp-inbox.js';
import { launchBrowser } from './browser.js';
import { httpsGet, nginxInstalled } from './nginx.js';
import { METRICS_TOKEN, type ProxiedPortal, startProxiedPortal } from './proxied-portal.js';
import {
  apiAccessToken,
  apiCaller,
  browserAccessToken,
  DEMO_PASSWORD,
  signInWithLiveStream,
} from './sign-in.js';

const ADMIN = 'admin@operator.example';
const CLERK = 'clerk@acme.example';
const MANAGER = 'manager@acme.example';

/** The live streams a process holds, from its /metrics (client_portal_live_streams). */
async function liveStreams(url: string): Promise<number> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  const line = text.split('\n').find((l) => l.startsWith('client_portal_live_streams '));
  if (!line) throw new Error(`${url}/metrics has no client_portal_live_streams:\n${text.slice(0, 500)}`);
  return Number(line.split(' ')[1]);
}

/** How many requests a process answered 200 on `route` (a route pattern), from its /metrics. */
async function answered(url: string, route: string): Promise<number> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return (await response.text())
    .split('\n')
    .filter((l) => l.startsWith('http_requests_total{') && l.includes(`route="${route}"`))
    .filter((l) => l.includes('status="200"'))
    .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
}

/**
 * The production shape (docs/deployment.md) on one machine: two web processes, the downloads process and a worker of the
 * compiled server on one fresh PostgreSQL database, behind a real nginx serving the documented site
 * (deploy/nginx/client-portal.conf: TLS, HTTP/2, the stream unbuffered). Skipped only where nginx is not
 * installed (CI installs it).
 */
describe.skipIf(!nginxInstalled)('two web processes and a worker behind nginx on PostgreSQL', () => {
  let portal: ProxiedPortal;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  /** A page through nginx, signed in through the form, once its live stream is open. */
  async function signedIn(email: string): Promise<Page> {
    const context = await browser.newContext({
      baseURL: portal.nginx.url,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
      // The test's certificate is self-signed; node's own calls check it against the file.
      ignoreHTTPSErrors: true,
    });
    context.setDefaultTimeout(30_000);
    contexts.push(context);
    const page = await context.newPage();
    await signInWithLiveStream(page, email);
    return page;
  }

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    // The worker starts later, in the subscription journey, so that its start-up check finds the
    // subscription due.
    portal = await startProxiedPortal({
      env: { SMTP_URL: inbox.url },
      deferWorker: true,
      prefix: 'cp_e2e_nginx',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await portal?.stop();
    await inbox?.close();
  });

  it('signs in through nginx over HTTP/2; a notification sent through one web process reaches the live page held by the other', async () => {
    const redirect = await fetch(`${portal.nginx.httpUrl}/signin`, { redirect: 'manual' });
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get('location')).toBe(`${portal.nginx.url}/signin`);

    const clerk = await signedIn(CLERK);
    const errors: string[] = [];
    clerk.on('pageerror', (e) => errors.push(e.message));
    expect(
      await clerk.evaluate(
        () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
      ),
    ).toBe('h2');
    // nginx's $request_id (32 hex digits, not the server's own UUID) names the request in both logs.
    const info = await clerk.request.get('/api/health');
    expect(info.headers()['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    // The server's security headers pass through once (nginx adds none of its own).
    expect(info.headers()['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');

    // Which process holds the clerk's stream? The notification goes through the other one.
    let holder = -1;
    await expect
      .poll(async () => {
        const counts = await Promise.all(portal.web.map((w) => liveStreams(w.url)));
        holder = counts.indexOf(1);
        return counts.reduce((a, b) => a + b, 0);
      })
      .toBe(1);
    const other = portal.web[1 - holder]!;
    const token = await apiAccessToken(other.url, ADMIN, DEMO_PASSWORD);
    const title = `Lift out of order ${Date.now()}`;
    await apiCaller(
      () => other.url,
      () => token,
    )('POST', '/notifications/sent', {
      title,
      body: 'The lift at level 2 is out of order.',
      severity: 'urgent',
      audience: { kind: 'sites', numbers: ['1001'] },
    });
    const sentAt = Date.now();
    await clerk.getByTestId('urgent-banner').filter({ hasText: title }).waitFor({ timeout: 10_000 });
    console.info(
      `banner shown through nginx ${Date.now() - sentAt} ms after web process ${2 - holder} took the send (stream on web process ${holder + 1})`,
    );
    expect(errors).toEqual([]);
  });

  it('a report subscription made through nginx is mailed once by the worker, however often it checks', async () => {
    const manager = await signedIn(MANAGER);
    const token = await browserAccessToken(manager);
    const status = await manager.evaluate(async (bearer) => {
      const response = await fetch('/api/reports/subscriptions', {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          reportKey: 'permit-register',
          site: 'SG01',
          frequency: 'monthly',
          delivery: 'attached',
        }),
      });
      return response.status;
    }, token);
    expect(status).toBe(201);

    const db = new pg.Client({ connectionString: portal.database.url });
    await db.connect();
    try {
      // A month passes: the queued mail becomes last month's, due now (as in reports.e2e.ts).
      const moved = await db.query(
        `update report_subscription_sends set period_from = (period_from - interval '1 month')::date,
           period_to = (period_from - interval '1 day')::date, due_at = now() - interval '1 minute'
         where sent_at is null`,
      );
      expect(moved.rowCount).toBe(1);
      const dueChecks = async () =>
        Number(
          (
            await db.query(
              `select count(*) as n from pgboss.job where name = 'report-subscriptions.due' and state = 'completed'`,
            )
          ).rows[0].n,
        );

      // The worker checks as it starts; the web processes run no jobs.
      await portal.startWorker();
      const mail = await inbox.waitFor(MANAGER, /^Permit register: /, 30_000);
      expect(mail.attachments).toHaveLength(1);
      // Its link is the portal's public address: nginx's.
      expect(mail.text).toContain(`Open the report: ${portal.nginx.url}/reports?report=permit-register`);

      // The worker restarts and checks again (at its start, and each minute): nothing more is sent.
      const checked = await dueChecks();
      await portal.startWorker();
      await expect.poll(dueChecks, { timeout: 30_000 }).toBeGreaterThan(checked);
      expect(inbox.received.filter((m) => m.subject.startsWith('Permit register'))).toEqual([]);
      const sent = await db.query(
        'select count(*) as n from report_subscription_sends where sent_at is not null',
      );
      expect(Number(sent.rows[0].n)).toBe(1);
    } finally {
      await db.end();
    }
  });
  it('sends the heavy downloads to the downloads process, and to the web processes while it is down', async () => {
    const token = await apiAccessToken(portal.web[0]!.url, MANAGER, DEMO_PASSWORD);
    const get = async (path: string) => {
      const answer = await httpsGet(`${portal.nginx.url}/api${path}`, portal.nginx.certificate, {
        authorization: `Bearer ${token}`,
      });
      expect(answer.status, `${path}: ${answer.body.slice(0, 300)}`).toBe(200);
    };
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const report = `/reports/permit-register?site=SG01&from=${day(30)}&to=${day(1)}`;
    const reportRoute = '/api/reports/:key';
    const processes = [portal.downloads, ...portal.web];
    const before = await Promise.all(processes.map((p) => answered(p.url, reportRoute)));

    await get(report);
    await get('/permits/_export?state=current');
    // The list and the report definitions are pages' reads: the web processes answer them.
    await get('/reports/_definitions');
    await get('/permits?page=1&pageSize=10');
    expect(await answered(portal.downloads.url, reportRoute)).toBe(before[0]! + 1);
    expect(await answered(portal.downloads.url, '/api/permits/_export')).toBe(1);
    expect(await answered(portal.downloads.url, '/api/reports/_definitions')).toBe(0);
    expect(await answered(portal.downloads.url, '/api/permits')).toBe(0);
    for (const [i, web] of portal.web.entries())
      expect(await answered(web.url, reportRoute)).toBe(before[i + 1]);

    // Stopped (a restart, a crash): the web processes serve the downloads meanwhile.
    await portal.downloads.stop();
    await get(report);
    const byWeb = await Promise.all(portal.web.map((w) => answered(w.url, reportRoute)));
    expect(byWeb[0]! + byWeb[1]!).toBe(before[1]! + before[2]! + 1);
  });
});
