import {
  addIsoDays,
  allFeatureNames,
  type FeatureName,
  operatorOnlyFeatures,
  ukToday,
} from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SubscriptionContext, sendDueSubscriptions } from '../src/modules/reports/index.js';
import { type AuthHeaders, apiFor } from './api-client.js';
import { accountWith, clientWith, permitAt } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { linkIn, startSmtpInbox } from './smtp-inbox.js';
import { buildTestApp, type TestApp } from './test-app.js';

/** Every feature a client's account can use. */
const clientFeatures = allFeatureNames.filter(
  (f) => !(operatorOnlyFeatures as readonly FeatureName[]).includes(f),
);

/** The instant a job row falls due, one minute on: what the schedule would see then. */
async function dueTime(t: TestApp, id: number): Promise<Date> {
  const [row] = await selectRows<{ due_at: string | Date }>(
    t.database.db,
    sql`select due_at from report_subscription_sends where subscription_id = ${id} and sent_at is null`,
  );
  return new Date(new Date(row!.due_at).getTime() + 60_000);
}

describe('report subscriptions API and sending', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let manager: AuthHeaders & { userId: string };
  let bolt: AuthHeaders;
  let clerk: AuthHeaders;
  let admin: AuthHeaders;
  let managerEmail: string;
  let boltId: string;
  /** The manager's group, its first two sites, and another client's group (the bolt manager's). */
  let group: string;
  let site: string;
  let sibling: string;
  let elsewhere: string;
  let otherGroup: string;
  let ctx: SubscriptionContext;
  const post = (body: unknown, headers: AuthHeaders) =>
    api.as(headers).post('/api/reports/subscriptions', body as object);
  const list = (headers: AuthHeaders) => api.as(headers).get('/api/reports/subscriptions');
  const cancel = (id: number, headers: AuthHeaders) =>
    api.as(headers).delete(`/api/reports/subscriptions/${id}`);
  const audit = async (type: string) =>
    selectRows<{ description: string }>(
      t.database.db,
      sql`select description from audit_events where type = ${type} and subject_user_id = ${manager.userId}
          order by id`,
    );

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await buildTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_URL: 'http://portal.test' } });
    const client = await clientWith(t, { sites: 2, group: true });
    [site, sibling] = client.sites.map((s) => s.number) as [string, string];
    group = client.group!.number;
    const other = await clientWith(t, { sites: 1, group: true });
    elsewhere = other.sites[0]!.number;
    otherGroup = other.group!.number;
    // A permit running through this month and the next, for the permit register to list.
    const day = 86_400_000;
    await permitAt(t, site, {
      registration: 'ZQ11RSA',
      started: new Date(Date.now() - 40 * day),
      ended: new Date(Date.now() + 60 * day),
    });
    admin = (await accountWith(t, { features: allFeatureNames, access: 'all' })).headers;
    const managerAccount = await accountWith(t, { features: clientFeatures, access: [group] });
    manager = managerAccount.headers;
    managerEmail = managerAccount.email;
    const boltAccount = await accountWith(t, {
      features: clientFeatures,
      access: [otherGroup],
      email: 'manager@client-b.example',
    });
    bolt = boltAccount.headers;
    boltId = boltAccount.userId;
    clerk = (await accountWith(t, { features: ['Permits.View', 'Permits.Add'], access: [site] })).headers;
    ctx = {
      database: t.database,
      transport: t.app.mailTransport,
      settings: t.settings,
      worker: 'test-worker',
    };
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  it('subscribes, lists the subscription with its next mail, and audits it', async () => {
    const res = await post(
      { reportKey: 'permit-register', site: group.toLowerCase(), frequency: 'monthly', delivery: 'attached' },
      manager,
    );
    expect(res.statusCode).toBe(201);
    const today = ukToday();
    const firstOfMonth = `${today.slice(0, 8)}01`;
    expect(res.json()).toMatchObject({
      reportKey: 'permit-register',
      reportName: 'Permit register',
      site: group,
      format: 'csv',
      frequency: 'monthly',
      delivery: 'attached',
      next: { from: firstOfMonth },
    });
    const listed = (await list(manager)).json();
    expect(listed.map((s: { id: number }) => s.id)).toEqual([res.json().id]);
    expect((await list(bolt)).json()).toEqual([]);
    expect((await audit('ReportSubscribed')).map((a) => a.description)).toEqual([
      `Subscribed to the report Permit register for ${group}, monthly (attached)`,
    ]);
    await cancel(res.json().id, manager);
  });

  it('refuses bad input with field messages, sites out of reach and unknown reports with 404, non-holders with 403', async () => {
    const bad = await post({ reportKey: 'permit-register', frequency: 'daily', delivery: 'posted' }, manager);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(Object.keys(bad.json().errors).sort()).toEqual(['delivery', 'frequency']);
    const outOfReach = await post(
      { reportKey: 'permit-register', site: elsewhere, frequency: 'weekly', delivery: 'linked' },
      manager,
    );
    expect(outOfReach.statusCode).toBe(404);
    const unknown = await post({ reportKey: 'nope', frequency: 'weekly', delivery: 'linked' }, manager);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('There is no such report.');
    // The screen shows this detail as it is: in the page's language (Accept-Language, decision 53).
    const welsh = await api
      .as(manager)
      .post(
        '/api/reports/subscriptions',
        { reportKey: 'nope', frequency: 'weekly', delivery: 'linked' },
        { headers: { 'accept-language': 'cy' } },
      );
    expect(welsh.json().detail).toBe("Nid oes adroddiad o'r fath.");
    const clerkTry = await post(
      { reportKey: 'permit-register', frequency: 'weekly', delivery: 'linked' },
      clerk,
    );
    expect(clerkTry.statusCode).toBe(403);
    const [{ n }] = (await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from report_subscriptions where cancelled_at is null`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it("cancels only the caller's own subscription, audited", async () => {
    const { id } = (
      await post({ reportKey: 'ticket-actions', frequency: 'weekly', delivery: 'linked' }, manager)
    ).json();
    expect((await cancel(id, bolt)).statusCode).toBe(404);
    expect((await cancel(id, manager)).statusCode).toBe(204);
    expect((await cancel(id, manager)).statusCode).toBe(404);
    expect((await list(manager)).json()).toEqual([]);
    expect((await audit('ReportSubscriptionCancelled')).at(-1)?.description).toBe(
      'Cancelled the report subscription Ticket actions for all sites, weekly',
    );
  });

  it('sends a due monthly subscription once with the CSV attached, then queues the next month', async () => {
    const { id } = (
      await post(
        { reportKey: 'permit-register', site: group, frequency: 'monthly', delivery: 'attached' },
        manager,
      )
    ).json();
    const now = await dueTime(t, id);
    expect(await sendDueSubscriptions(ctx, new Date(now.getTime() - 120_000))).toEqual([]);
    expect(await sendDueSubscriptions(ctx, now)).toEqual(['sent']);
    const mail = await inbox.waitFor(managerEmail, /^Permit register: /);
    expect(mail.text).toContain(`Your monthly permit register report for site or group ${group}`);
    const [file] = mail.attachments;
    expect(file?.filename).toMatch(
      new RegExp(`^Permit register-${group}-\\d{4}-\\d{2}-01-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    expect([file!.content[0], file!.content[1]]).toEqual([0xff, 0xfe]);
    const lines = new TextDecoder('utf-16le').decode(file!.content.subarray(2)).trim().split('\r\n');
    expect(lines[0]).toMatch(/^Site or group\tVehicle registration\t/);
    expect(lines.length).toBeGreaterThan(1);
    // The same moment again, from any process: nothing more to send.
    expect(await sendDueSubscriptions(ctx, now)).toEqual([]);
    const rows = await selectRows<{ period_from: string; sent: boolean; outcome: string | null }>(
      t.database.db,
      sql`select to_char(period_from, 'YYYY-MM-DD') as period_from, sent_at is not null as sent, outcome
          from report_subscription_sends where subscription_id = ${id} order by period_from`,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ sent: true, outcome: 'sent' });
    expect(rows[1]).toMatchObject({ sent: false, outcome: null });
    expect(rows[1]!.period_from).toBe(addIsoDays(file!.filename.slice(-14, -4), 1));
    await cancel(id, manager);
  });

  it('links instead of attaching when asked, and attaches a real workbook for xlsx', async () => {
    const linked = (
      await post({ reportKey: 'allowance-use', site, frequency: 'weekly', delivery: 'linked' }, manager)
    ).json();
    const workbook = (
      await post(
        {
          reportKey: 'ticket-actions',
          site: group,
          format: 'xlsx',
          frequency: 'weekly',
          delivery: 'attached',
        },
        manager,
      )
    ).json();
    expect(await sendDueSubscriptions(ctx, await dueTime(t, linked.id))).toEqual(['sent', 'sent']);
    const link = await inbox.waitFor(managerEmail, /^Allowance use per month: /);
    expect(link.attachments).toEqual([]);
    expect(link.text).toMatch(
      new RegExp(
        `http://portal\\.test/reports\\?report=allowance-use&from=\\d{4}-\\d{2}-\\d{2}&to=\\d{4}-\\d{2}-\\d{2}&site=${site}&format=csv`,
      ),
    );
    const xlsx = await inbox.waitFor(managerEmail, /^Ticket actions: /);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.attachments[0]!.content as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).getCell(1).value).toBe('Date');
    await cancel(linked.id, manager);
    await cancel(workbook.id, manager);
  });

  it('checks access when sending: a user who lost the site gets nothing of it; a cancelled subscription sends nothing', async () => {
    const kept = (
      await post({ reportKey: 'permit-register', site, frequency: 'weekly', delivery: 'attached' }, manager)
    ).json();
    const dropped = (
      await post({ reportKey: 'user-access', frequency: 'weekly', delivery: 'attached' }, manager)
    ).json();
    await cancel(dropped.id, manager);
    await t.database.db.execute(sql`delete from user_access where user_id = ${manager.userId}`);
    await t.database.db.execute(
      sql`insert into user_access (user_id, site_number) values (${manager.userId}, ${sibling})`,
    );
    const before = inbox.received.length;
    const outcomes = await sendDueSubscriptions(ctx, await dueTime(t, kept.id));
    expect(outcomes).toEqual(['no-access']);
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.received.length).toBe(before);
    // Cancelled: nothing queued. Out of reach: the next period is queued, in case access returns.
    const queued = await selectRows<{ subscription_id: number }>(
      t.database.db,
      sql`select subscription_id from report_subscription_sends where sent_at is null`,
    );
    expect(queued.map((q) => Number(q.subscription_id))).toEqual([kept.id]);
  });
  it('holds the mails of a changed, unconfirmed address, and sends them once it is confirmed', async () => {
    const { id } = (
      await post(
        { reportKey: 'permit-register', site: otherGroup, frequency: 'weekly', delivery: 'linked' },
        bolt,
      )
    ).json();
    expect(id).toBeTypeOf('number');
    const accounts = (method: 'GET' | 'PUT', payload?: object) =>
      api.as(admin).request(method, `/api/user/accounts/${boltId}`, payload);
    const current = (await accounts('GET')).json();
    const changed = await accounts('PUT', { ...current, email: 'boss@client-b.example' });
    expect(changed.statusCode, changed.body).toBe(200);
    const invitation = await inbox.waitFor('boss@client-b.example', /account/i);

    const sendRow = async () =>
      (
        await selectRows<{ sent: boolean; outcome: string | null }>(
          t.database.db,
          sql`select sent_at is not null as sent, outcome from report_subscription_sends
              where subscription_id = ${id} order by period_from limit 1`,
        )
      )[0]!;
    const mailsOf = () =>
      inbox.received.filter((m) => /client-b\.example/.test(m.to) && /^Permit register: /.test(m.subject));
    const due = await dueTime(t, id);
    const before = mailsOf().length;
    await sendDueSubscriptions(ctx, due);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsOf().length).toBe(before);
    expect(await sendRow()).toEqual({ sent: false, outcome: null });

    const link = new URL(linkIn(invitation, 'http://portal.test/user/confirm?'));
    const confirmed = await api.post('/api/user/confirm', {
      code: link.searchParams.get('code'),
      email: link.searchParams.get('email') ?? undefined,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    const later = new Date(due.getTime() + 3 * 60_000);
    expect(await sendDueSubscriptions(ctx, later)).toContain('sent');
    await inbox.waitFor('boss@client-b.example', /^Permit register: /);
    expect(await sendRow()).toEqual({ sent: true, outcome: 'sent' });

    // Unconfirmed again and still so when the period after falls due: that mail is dropped, not sent
    // late, and the next period is queued.
    await t.database.db.execute(sql`update users set email_confirmed = false where id = ${boltId}`);
    const nextDue = await dueTime(t, id);
    const sentBefore = mailsOf().length;
    expect(await sendDueSubscriptions(ctx, new Date(nextDue.getTime() + 7 * 24 * 3600_000))).toContain(
      'unconfirmed',
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsOf().length).toBe(sentBefore);
    const periods = await selectRows<{ sent: boolean; outcome: string | null }>(
      t.database.db,
      sql`select sent_at is not null as sent, outcome from report_subscription_sends
          where subscription_id = ${id} order by period_from`,
    );
    expect(periods.map((p) => p.outcome)).toEqual(['sent', 'unconfirmed', null]);
  });
});
