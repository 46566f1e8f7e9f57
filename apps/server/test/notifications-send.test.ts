import { allFeatureNames, type FeatureName } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from './api-client.js';
import { accountWith, clientWith, nowhere, siteOf, type TestAccount, type TestSite } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { startSmtpInbox } from './smtp-inbox.js';
import { buildTestApp, type TestApp } from './test-app.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Person =
  | 'admin'
  | 'managerA'
  | 'clerk'
  | 'sarah'
  | 'daniel'
  | 'olivia'
  | 'managerB'
  | 'grace'
  | 'liam'
  | 'harry';

describe('notifications: send, audiences, tenant rule, schedule, read state, preferences', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  /** Two clients: A (the first client's six sites in a group, and a seventh outside it) and B (three sites in a group). */
  let a: { company: { id: number; name: string }; sites: TestSite[]; group: TestSite; outside: TestSite };
  let b: { company: { id: number; name: string }; sites: TestSite[]; group: TestSite };
  let who: Record<Person, TestAccount>;
  const call = (caller: TestAccount, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    api.as(caller).request(method, `/api${url}`, payload as never);
  const send = (caller: TestAccount, body: Record<string, unknown>) =>
    call(caller, 'POST', '/notifications/sent', { severity: 'information', body: 'Hello', ...body });
  /** Titles of what `caller` sees in the centre now. */
  const titles = async (caller: TestAccount, unread = false) => {
    const res = await call(caller, 'GET', `/notifications?unread=${unread}`);
    expect(res.statusCode).toBe(200);
    return (res.json().rows as { title: string }[]).map((r) => r.title);
  };
  const sitesAudience = (...numbers: string[]) => ({ kind: 'sites', numbers });

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await buildTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_URL: 'http://portal.test' } });
    const first = await clientWith(t, { sites: 6, group: true });
    a = { ...first, group: first.group!, outside: await siteOf(t, { company: first.company.id }) };
    const second = await clientWith(t, { sites: 3, group: true });
    b = { ...second, group: second.group! };
    const manages: FeatureName[] = ['Permits.View', 'Users.View', 'Invoicing.Access'];
    const clerking: FeatureName[] = ['Permits.View', 'Permits.Add'];
    const people: [Person, FeatureName[], string[] | 'all'][] = [
      ['admin', [...allFeatureNames], 'all'],
      // Client A's manager may send too (without all-sites access: the tenant rule applies).
      ['managerA', [...manages, 'Notifications.Send'], [a.group.number]],
      ['clerk', clerking, [a.sites[0]!.number]],
      ['sarah', clerking, [a.sites[1]!.number]],
      ['daniel', ['Invoicing.Access'], [a.group.number]],
      ['olivia', clerking, [a.outside.number]],
      ['managerB', manages, [b.group.number]],
      ['grace', clerking, [b.sites[0]!.number]],
      ['liam', clerking, [b.sites[1]!.number]],
      ['harry', clerking, [b.sites[2]!.number]],
    ];
    who = {} as Record<Person, TestAccount>;
    for (const [name, features, access] of people) who[name] = await accountWith(t, { features, access });
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  it('sends to everyone: every live user sees it, rendered from the Markdown subset', async () => {
    const res = await send(who.admin, {
      title: 'Everyone 1',
      body: 'Gates **closed** <script>x</script>',
      audience: { kind: 'everyone' },
    });
    expect(res.statusCode).toBe(201);
    const sent = res.json();
    const [count] = await selectRows<{ live: number }>(
      t.database.db,
      sql`select count(*)::int as live from users where removed_at is null`,
    );
    expect(sent.recipients).toBe(count!.live);
    expect(sent.state).toBe('live');
    for (const person of [who.clerk, who.managerB, who.admin])
      expect(await titles(person)).toContain('Everyone 1');
    const page = (await call(who.clerk, 'GET', '/notifications')).json();
    const row = page.rows.find((r: { title: string }) => r.title === 'Everyone 1');
    expect(row.html).toBe('<p>Gates <strong>closed</strong> &#60;script&#62;x&#60;/script&#62;</p>');
    expect(row.readAt).toBeNull();
  });

  it('sends to client companies: their users only, not the operator', async () => {
    const res = await send(who.admin, {
      title: 'Bolt only',
      audience: { kind: 'companies', companyIds: [b.company.id] },
    });
    expect(res.statusCode).toBe(201);
    expect(await titles(who.managerB)).toContain('Bolt only');
    expect(await titles(who.grace)).toContain('Bolt only');
    expect(await titles(who.clerk)).not.toContain('Bolt only');
    expect(await titles(who.admin)).not.toContain('Bolt only');
    expect(
      (
        await send(who.admin, {
          title: 'x',
          audience: { kind: 'companies', companyIds: [999999] },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('sends to sites and groups: users of the site directly or through a group', async () => {
    expect(
      (
        await send(who.admin, {
          title: 'One site',
          audience: sitesAudience(a.sites[0]!.number),
        })
      ).json().recipients,
    ).toBeGreaterThan(0);
    expect(await titles(who.clerk)).toContain('One site');
    expect(await titles(who.managerA)).toContain('One site'); // holds the group
    expect(await titles(who.sarah)).not.toContain('One site'); // another site of the group
    expect(await titles(who.managerB)).not.toContain('One site');

    await send(who.admin, {
      title: 'Group B',
      audience: sitesAudience(b.group.number.toLowerCase()),
    });
    expect(await titles(who.managerB)).toContain('Group B');
    expect(await titles(who.liam)).toContain('Group B'); // liam's site is in the group
    expect(await titles(who.clerk)).not.toContain('Group B');
    expect((await send(who.admin, { title: 'x', audience: sitesAudience(nowhere.site) })).statusCode).toBe(
      404,
    );
  });

  it('sends to users holding a feature', async () => {
    await send(who.admin, {
      title: 'Invoicers',
      audience: { kind: 'features', features: ['Invoicing.Access'] },
    });
    expect(await titles(who.managerA)).toContain('Invoicers');
    expect(await titles(who.managerB)).toContain('Invoicers');
    expect(await titles(who.admin)).toContain('Invoicers');
    expect(await titles(who.clerk)).not.toContain('Invoicers');
    const bad = await send(who.admin, {
      title: 'x',
      audience: { kind: 'features', features: ['No.Such'] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('tenant rule: a sender without all-sites access reaches only users of their own sites', async () => {
    const everyone = await send(who.managerA, { title: 'x', audience: { kind: 'everyone' } });
    expect(everyone.statusCode).toBe(400);
    expect(everyone.json().errors.audience).toBeDefined();
    expect(
      (await send(who.managerA, { title: 'x', audience: sitesAudience(b.sites[0]!.number) })).statusCode,
    ).toBe(404);
    expect(
      (await send(who.managerA, { title: 'x', audience: sitesAudience(b.group.number) })).statusCode,
    ).toBe(404);
    const bolt = b.company.id;
    expect(
      (
        await send(who.managerA, {
          title: 'x',
          audience: { kind: 'companies', companyIds: [bolt] },
        })
      ).statusCode,
    ).toBe(404);
    // Client A owns a site outside the group: the whole company is out of this manager's reach too.
    const acme = a.company.id;
    expect(
      (
        await send(who.managerA, {
          title: 'x',
          audience: { kind: 'companies', companyIds: [acme] },
        })
      ).statusCode,
    ).toBe(404);

    const features = await send(who.managerA, {
      title: 'Acme invoicers',
      audience: { kind: 'features', features: ['Invoicing.Access'] },
    });
    expect(features.statusCode).toBe(201);
    expect(await titles(who.managerA)).toContain('Acme invoicers');
    expect(await titles(who.managerB)).not.toContain('Acme invoicers');
    expect(await titles(who.admin)).not.toContain('Acme invoicers');

    expect(
      (
        await send(who.managerA, {
          title: 'Group news',
          audience: sitesAudience(a.group.number),
        })
      ).statusCode,
    ).toBe(201);
    expect(await titles(who.clerk)).toContain('Group news');
    expect(await titles(who.olivia)).not.toContain('Group news'); // the site outside the group

    // The manager lists only their own; the admin sees every announcement.
    const mine = (await call(who.managerA, 'GET', '/notifications/sent')).json();
    expect(mine.rows.map((r: { title: string }) => r.title).sort()).toEqual(['Acme invoicers', 'Group news']);
    const all = (await call(who.admin, 'GET', '/notifications/sent')).json();
    expect(all.rows.map((r: { title: string }) => r.title)).toContain('Group news');
    // A sender without the feature: 403.
    expect(
      (await send(who.clerk, { title: 'x', audience: sitesAudience(a.sites[0]!.number) })).statusCode,
    ).toBe(403);
  });

  it('lists the client companies a sender may address, by name', async () => {
    const names = async (caller: TestAccount, search = '') => {
      const res = await call(caller, 'GET', `/notifications/companies?search=${encodeURIComponent(search)}`);
      expect(res.statusCode).toBe(200);
      return (res.json() as { id: number; name: string }[]).map((c) => c.name);
    };
    const all = await names(who.admin);
    expect(all).toEqual(expect.arrayContaining([a.company.name, b.company.name]));
    expect(all).toEqual([...all].sort());
    expect(await names(who.admin, b.company.name.slice(-6).toUpperCase())).toEqual([b.company.name]);
    expect(await names(who.admin, '%')).toEqual([]);
    // Without all-sites access: only companies whose every site the sender reaches.
    const own = await names(who.managerA);
    expect(own).not.toContain(b.company.name);
    for (const name of own) {
      const [company] = await selectRows<{ id: number }>(
        t.database.db,
        sql`select id from client_companies where name = ${name}`,
      );
      const res = await send(who.managerA, {
        title: `Company ${name}`,
        audience: { kind: 'companies', companyIds: [company!.id] },
      });
      expect(res.statusCode).toBe(201);
    }
    expect((await call(who.clerk, 'GET', '/notifications/companies')).statusCode).toBe(403);
  });

  it('validates the input: a field message for each wrong field', async () => {
    const res = await send(who.admin, {
      title: '',
      severity: 'loud',
      audience: { kind: 'everyone' },
      startsAt: new Date(Date.now() + 60_000).toISOString(),
      expiresAt: new Date().toISOString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(Object.keys(res.json().errors).sort()).toEqual(['severity', 'title']);
    const early = await send(who.admin, {
      title: 'x',
      audience: { kind: 'everyone' },
      startsAt: new Date(Date.now() + 60_000).toISOString(),
      expiresAt: new Date().toISOString(),
    });
    expect(early.json().errors).toEqual({ expiresAt: ['Expiry must be after the start.'] });
  });

  it('schedules: hidden before its start, shown after; expires', async () => {
    const startsAt = new Date(Date.now() + 1_500).toISOString();
    const scheduled = await send(who.admin, {
      title: 'Later',
      audience: sitesAudience(a.sites[0]!.number),
      startsAt,
    });
    expect(scheduled.json().state).toBe('scheduled');
    expect(await titles(who.clerk)).not.toContain('Later');
    const expiring = await send(who.admin, {
      title: 'Brief',
      audience: sitesAudience(a.sites[0]!.number),
      expiresAt: new Date(Date.now() + 1_500).toISOString(),
    });
    expect(expiring.json().state).toBe('live');
    expect(await titles(who.clerk)).toContain('Brief');
    await sleep(2_000);
    expect(await titles(who.clerk)).toContain('Later');
    expect(await titles(who.clerk)).not.toContain('Brief');
    // Each process's schedule (every second) publishes it for the streams.
    await expect
      .poll(
        async () => {
          const [row] = await selectRows<{ published: boolean }>(
            t.database.db,
            sql`select published_at is not null as published from notifications where title = 'Later'`,
          );
          return row!.published;
        },
        { timeout: 5_000 },
      )
      .toBe(true);
    const sent = (await call(who.admin, 'GET', '/notifications/sent')).json();
    const state = (title: string) => sent.rows.find((r: { title: string }) => r.title === title).state;
    expect(state('Later')).toBe('live');
    expect(state('Brief')).toBe('expired');
  });

  it('withdraws: recipients no longer see it; others cannot withdraw it', async () => {
    const sent = (
      await send(who.admin, { title: 'Oops', audience: sitesAudience(a.sites[0]!.number) })
    ).json();
    expect(await titles(who.clerk)).toContain('Oops');
    expect((await call(who.managerA, 'POST', `/notifications/sent/${sent.id}/withdraw`)).statusCode).toBe(
      404,
    );
    expect((await call(who.clerk, 'POST', `/notifications/sent/${sent.id}/withdraw`)).statusCode).toBe(403);
    const res = await call(who.admin, 'POST', `/notifications/sent/${sent.id}/withdraw`);
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe('withdrawn');
    expect(await titles(who.clerk)).not.toContain('Oops');
    expect((await call(who.admin, 'POST', `/notifications/sent/${sent.id}/withdraw`)).statusCode).toBe(200);
    expect((await call(who.admin, 'POST', '/notifications/sent/99999999/withdraw')).statusCode).toBe(404);
    const audit = await selectRows<{ type: string; description: string }>(
      t.database.db,
      sql`select type, description from audit_events where type like 'Notification%' order by id`,
    );
    expect(audit.filter((a) => a.type === 'NotificationWithdrawn')).toEqual([
      { type: 'NotificationWithdrawn', description: 'Withdrew the notification "Oops"' },
    ]);
    expect(audit.some((a) => a.type === 'NotificationSent' && a.description.includes('"Oops"'))).toBe(true);
  });

  it('keeps read state per user: read, unread, all read; the sender sees the read count', async () => {
    const sent = (
      await send(who.admin, {
        title: 'Read me',
        severity: 'urgent',
        audience: sitesAudience(a.sites[0]!.number),
      })
    ).json();
    const clerk = who.clerk;
    const summary = async () => (await call(clerk, 'GET', '/notifications/summary')).json();
    const before = await summary();
    expect(before.urgent.map((u: { title: string }) => u.title)).toContain('Read me');
    expect((await call(clerk, 'PUT', `/notifications/${sent.id}/read`, { read: true })).statusCode).toBe(204);
    const after = await summary();
    expect(after.unread).toBe(before.unread - 1);
    expect(after.urgent.map((u: { title: string }) => u.title)).not.toContain('Read me');
    expect(await titles(clerk, true)).not.toContain('Read me');
    expect(await titles(who.managerA, true)).toContain('Read me'); // per user
    const counts = (await call(who.admin, 'GET', '/notifications/sent')).json();
    expect(counts.rows.find((r: { id: string }) => r.id === sent.id).read).toBe(1);

    expect((await call(clerk, 'PUT', `/notifications/${sent.id}/read`, { read: false })).statusCode).toBe(
      204,
    );
    expect(await titles(clerk, true)).toContain('Read me');
    // Not the caller's notification: 404.
    expect(
      (await call(who.managerB, 'PUT', `/notifications/${sent.id}/read`, { read: true })).statusCode,
    ).toBe(404);

    const all = await call(clerk, 'POST', '/notifications/read-all');
    expect(all.json().marked).toBeGreaterThan(0);
    expect((await summary()).unread).toBe(0);
    expect(await titles(clerk, true)).toEqual([]);
  });

  it('pages the centre on the server', async () => {
    for (let i = 0; i < 11; i++)
      await send(who.admin, {
        title: `Bulk ${i}`,
        audience: sitesAudience(b.sites[2]!.number),
      });
    const first = (await call(who.harry, 'GET', '/notifications')).json();
    expect(first.rows).toHaveLength(10);
    const next = (await call(who.harry, 'GET', `/notifications?after=${first.last}`)).json();
    expect(next.rows.length).toBe(first.total - 10);
    expect(new Set([...first.rows, ...next.rows].map((r: { id: string }) => r.id)).size).toBe(first.total);
  });

  it('emails per the user’s preference, and audits preference changes', async () => {
    const prefs = (await call(who.sarah, 'GET', '/notifications/preferences')).json();
    expect(prefs.email).toEqual({
      Announcement: true,
      TicketActionReceipts: true,
      PermitExpiryDigest: true,
      LatestNews: true,
    });
    const off = await call(who.sarah, 'PUT', '/notifications/preferences', {
      email: { Announcement: false },
    });
    expect(off.json().email.Announcement).toBe(false);
    expect(
      (await call(who.sarah, 'PUT', '/notifications/preferences', { email: { Nope: true } })).statusCode,
    ).toBe(400);

    await send(who.admin, {
      title: 'Mailed',
      body: 'See [permits](/permits)',
      email: true,
      audience: sitesAudience(a.sites[1]!.number),
    });
    const got = await inbox.waitFor(who.daniel.email, /^Mailed$/);
    expect(got.html).toContain('<a href="/permits">permits</a>');
    await sleep(300);
    expect(inbox.received.some((m) => m.to.includes(who.sarah.email) && m.subject === 'Mailed')).toBe(false);
    expect(await titles(who.sarah)).toContain('Mailed'); // still in the centre

    const audit = await selectRows<{ description: string }>(
      t.database.db,
      sql`select description from audit_events a join users u on u.id = a.subject_user_id
          where u.email = ${who.sarah.email} and a.type = 'NotificationPreferenceChanged'`,
    );
    expect(audit).toEqual([{ description: 'Turned off emails for Announcements' }]);
  });
});
