import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from './api-client.js';
import { selectRows } from './fixture-rows.js';
import { bearerFor } from './sign-in-as.js';
import { startSmtpInbox } from './smtp-inbox.js';
import { buildTestApp, type TestApp } from './test-app.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('notifications: send, audiences, tenant rule, schedule, read state, preferences', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  const headers: Record<string, { authorization: string }> = {};
  const as = async (email: string) => {
    headers[email] ??= await bearerFor(t, email);
    return headers[email]!;
  };
  const call = async (email: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    api.as(await as(email)).request(method, `/api${url}`, payload as never);
  const send = (email: string, body: Record<string, unknown>) =>
    call(email, 'POST', '/notifications/sent', { severity: 'information', body: 'Hello', ...body });
  /** Titles of what `email` sees in the centre now. */
  const titles = async (email: string, unread = false) => {
    const res = await call(email, 'GET', `/notifications?unread=${unread}`);
    expect(res.statusCode).toBe(200);
    return (res.json().rows as { title: string }[]).map((r) => r.title);
  };
  const companyId = async (name: string) =>
    (
      await selectRows<{ id: number }>(
        t.database.db,
        sql`select id from client_companies where name = ${name}`,
      )
    )[0]!.id;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await buildTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_URL: 'http://portal.test' } });
    // The Acme manager may send too (without all-sites access: the tenant rule applies).
    await t.database.db.execute(
      sql`insert into role_features (role_id, feature) select id, 'Notifications.Send' from roles where name = 'Client Manager'`,
    );
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  it('sends to everyone: every live user sees it, rendered from the Markdown subset', async () => {
    const res = await send('admin@operator.example', {
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
    for (const who of ['clerk@acme.example', 'manager@bolt.example', 'admin@operator.example'])
      expect(await titles(who)).toContain('Everyone 1');
    const page = (await call('clerk@acme.example', 'GET', '/notifications')).json();
    const row = page.rows.find((r: { title: string }) => r.title === 'Everyone 1');
    expect(row.html).toBe('<p>Gates <strong>closed</strong> &#60;script&#62;x&#60;/script&#62;</p>');
    expect(row.readAt).toBeNull();
  });

  it('sends to client companies: their users only, not the operator', async () => {
    const res = await send('admin@operator.example', {
      title: 'Bolt only',
      audience: { kind: 'companies', companyIds: [await companyId('Bolt Healthcare NHS Trust')] },
    });
    expect(res.statusCode).toBe(201);
    expect(await titles('manager@bolt.example')).toContain('Bolt only');
    expect(await titles('grace.thompson@bolt.example')).toContain('Bolt only');
    expect(await titles('clerk@acme.example')).not.toContain('Bolt only');
    expect(await titles('admin@operator.example')).not.toContain('Bolt only');
    expect(
      (
        await send('admin@operator.example', {
          title: 'x',
          audience: { kind: 'companies', companyIds: [999999] },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('sends to sites and groups: users of the site directly or through a group', async () => {
    expect(
      (
        await send('admin@operator.example', {
          title: 'Site 1001',
          audience: { kind: 'sites', numbers: ['1001'] },
        })
      ).json().recipients,
    ).toBeGreaterThan(0);
    expect(await titles('clerk@acme.example')).toContain('Site 1001');
    expect(await titles('manager@acme.example')).toContain('Site 1001'); // holds SG01
    expect(await titles('sarah.jones@acme.example')).not.toContain('Site 1001'); // site 1002
    expect(await titles('manager@bolt.example')).not.toContain('Site 1001');

    await send('admin@operator.example', {
      title: 'Group SG02',
      audience: { kind: 'sites', numbers: ['sg02'] },
    });
    expect(await titles('manager@bolt.example')).toContain('Group SG02');
    expect(await titles('liam.roberts@bolt.example')).toContain('Group SG02'); // site 2002 is in SG02
    expect(await titles('clerk@acme.example')).not.toContain('Group SG02');
    expect(
      (await send('admin@operator.example', { title: 'x', audience: { kind: 'sites', numbers: ['9999'] } }))
        .statusCode,
    ).toBe(404);
  });

  it('sends to users holding a feature', async () => {
    await send('admin@operator.example', {
      title: 'Invoicers',
      audience: { kind: 'features', features: ['Invoicing.Access'] },
    });
    expect(await titles('manager@acme.example')).toContain('Invoicers');
    expect(await titles('manager@bolt.example')).toContain('Invoicers');
    expect(await titles('admin@operator.example')).toContain('Invoicers');
    expect(await titles('clerk@acme.example')).not.toContain('Invoicers');
    const bad = await send('admin@operator.example', {
      title: 'x',
      audience: { kind: 'features', features: ['No.Such'] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('tenant rule: a sender without all-sites access reaches only users of their own sites', async () => {
    const everyone = await send('manager@acme.example', { title: 'x', audience: { kind: 'everyone' } });
    expect(everyone.statusCode).toBe(400);
    expect(everyone.json().errors.audience).toBeDefined();
    expect(
      (await send('manager@acme.example', { title: 'x', audience: { kind: 'sites', numbers: ['2001'] } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await send('manager@acme.example', { title: 'x', audience: { kind: 'sites', numbers: ['SG02'] } }))
        .statusCode,
    ).toBe(404);
    const bolt = await companyId('Bolt Healthcare NHS Trust');
    expect(
      (
        await send('manager@acme.example', {
          title: 'x',
          audience: { kind: 'companies', companyIds: [bolt] },
        })
      ).statusCode,
    ).toBe(404);
    // Acme owns sites outside SG01 (1007 …): the whole company is out of this manager's reach too.
    const acme = await companyId('Acme Retail Parks Ltd');
    expect(
      (
        await send('manager@acme.example', {
          title: 'x',
          audience: { kind: 'companies', companyIds: [acme] },
        })
      ).statusCode,
    ).toBe(404);

    const features = await send('manager@acme.example', {
      title: 'Acme invoicers',
      audience: { kind: 'features', features: ['Invoicing.Access'] },
    });
    expect(features.statusCode).toBe(201);
    expect(await titles('manager@acme.example')).toContain('Acme invoicers');
    expect(await titles('manager@bolt.example')).not.toContain('Acme invoicers');
    expect(await titles('admin@operator.example')).not.toContain('Acme invoicers');

    expect(
      (
        await send('manager@acme.example', {
          title: 'SG01 news',
          audience: { kind: 'sites', numbers: ['SG01'] },
        })
      ).statusCode,
    ).toBe(201);
    expect(await titles('clerk@acme.example')).toContain('SG01 news');
    expect(await titles('olivia.hughes@acme.example')).not.toContain('SG01 news'); // site 1007

    // The manager lists only their own; the admin sees every announcement.
    const mine = (await call('manager@acme.example', 'GET', '/notifications/sent')).json();
    expect(mine.rows.map((r: { title: string }) => r.title).sort()).toEqual(['Acme invoicers', 'SG01 news']);
    const all = (await call('admin@operator.example', 'GET', '/notifications/sent')).json();
    expect(all.rows.map((r: { title: string }) => r.title)).toContain('SG01 news');
    // A sender without the feature: 403.
    expect(
      (await send('clerk@acme.example', { title: 'x', audience: { kind: 'sites', numbers: ['1001'] } }))
        .statusCode,
    ).toBe(403);
  });

  it('lists the client companies a sender may address, by name', async () => {
    const names = async (email: string, search = '') => {
      const res = await call(email, 'GET', `/notifications/companies?search=${encodeURIComponent(search)}`);
      expect(res.statusCode).toBe(200);
      return (res.json() as { id: number; name: string }[]).map((c) => c.name);
    };
    const all = await names('admin@operator.example');
    expect(all).toEqual(expect.arrayContaining(['Acme Retail Parks Ltd', 'Bolt Healthcare NHS Trust']));
    expect(all).toEqual([...all].sort());
    expect(await names('admin@operator.example', 'bolt')).toEqual(['Bolt Healthcare NHS Trust']);
    expect(await names('admin@operator.example', '%')).toEqual([]);
    // Without all-sites access: only companies whose every site the sender reaches.
    const own = await names('manager@acme.example');
    expect(own).not.toContain('Bolt Healthcare NHS Trust');
    for (const name of own) {
      const res = await send('manager@acme.example', {
        title: `Company ${name}`,
        audience: { kind: 'companies', companyIds: [await companyId(name)] },
      });
      expect(res.statusCode).toBe(201);
    }
    expect((await call('clerk@acme.example', 'GET', '/notifications/companies')).statusCode).toBe(403);
  });

  it('validates the input: a field message for each wrong field', async () => {
    const res = await send('admin@operator.example', {
      title: '',
      severity: 'loud',
      audience: { kind: 'everyone' },
      startsAt: new Date(Date.now() + 60_000).toISOString(),
      expiresAt: new Date().toISOString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(Object.keys(res.json().errors).sort()).toEqual(['severity', 'title']);
    const early = await send('admin@operator.example', {
      title: 'x',
      audience: { kind: 'everyone' },
      startsAt: new Date(Date.now() + 60_000).toISOString(),
      expiresAt: new Date().toISOString(),
    });
    expect(early.json().errors).toEqual({ expiresAt: ['Expiry must be after the start.'] });
  });

  it('schedules: hidden before its start, shown after; expires', async () => {
    const startsAt = new Date(Date.now() + 1_500).toISOString();
    const scheduled = await send('admin@operator.example', {
      title: 'Later',
      audience: { kind: 'sites', numbers: ['1001'] },
      startsAt,
    });
    expect(scheduled.json().state).toBe('scheduled');
    expect(await titles('clerk@acme.example')).not.toContain('Later');
    const expiring = await send('admin@operator.example', {
      title: 'Brief',
      audience: { kind: 'sites', numbers: ['1001'] },
      expiresAt: new Date(Date.now() + 1_500).toISOString(),
    });
    expect(expiring.json().state).toBe('live');
    expect(await titles('clerk@acme.example')).toContain('Brief');
    await sleep(2_000);
    expect(await titles('clerk@acme.example')).toContain('Later');
    expect(await titles('clerk@acme.example')).not.toContain('Brief');
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
    const sent = (await call('admin@operator.example', 'GET', '/notifications/sent')).json();
    const state = (title: string) => sent.rows.find((r: { title: string }) => r.title === title).state;
    expect(state('Later')).toBe('live');
    expect(state('Brief')).toBe('expired');
  });

  it('withdraws: recipients no longer see it; others cannot withdraw it', async () => {
    const sent = (
      await send('admin@operator.example', { title: 'Oops', audience: { kind: 'sites', numbers: ['1001'] } })
    ).json();
    expect(await titles('clerk@acme.example')).toContain('Oops');
    expect(
      (await call('manager@acme.example', 'POST', `/notifications/sent/${sent.id}/withdraw`)).statusCode,
    ).toBe(404);
    expect(
      (await call('clerk@acme.example', 'POST', `/notifications/sent/${sent.id}/withdraw`)).statusCode,
    ).toBe(403);
    const res = await call('admin@operator.example', 'POST', `/notifications/sent/${sent.id}/withdraw`);
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe('withdrawn');
    expect(await titles('clerk@acme.example')).not.toContain('Oops');
    expect(
      (await call('admin@operator.example', 'POST', `/notifications/sent/${sent.id}/withdraw`)).statusCode,
    ).toBe(200);
    expect(
      (await call('admin@operator.example', 'POST', '/notifications/sent/99999999/withdraw')).statusCode,
    ).toBe(404);
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
      await send('admin@operator.example', {
        title: 'Read me',
        severity: 'urgent',
        audience: { kind: 'sites', numbers: ['1001'] },
      })
    ).json();
    const clerk = 'clerk@acme.example';
    const summary = async () => (await call(clerk, 'GET', '/notifications/summary')).json();
    const before = await summary();
    expect(before.urgent.map((u: { title: string }) => u.title)).toContain('Read me');
    expect((await call(clerk, 'PUT', `/notifications/${sent.id}/read`, { read: true })).statusCode).toBe(204);
    const after = await summary();
    expect(after.unread).toBe(before.unread - 1);
    expect(after.urgent.map((u: { title: string }) => u.title)).not.toContain('Read me');
    expect(await titles(clerk, true)).not.toContain('Read me');
    expect(await titles('manager@acme.example', true)).toContain('Read me'); // per user
    const counts = (await call('admin@operator.example', 'GET', '/notifications/sent')).json();
    expect(counts.rows.find((r: { id: string }) => r.id === sent.id).read).toBe(1);

    expect((await call(clerk, 'PUT', `/notifications/${sent.id}/read`, { read: false })).statusCode).toBe(
      204,
    );
    expect(await titles(clerk, true)).toContain('Read me');
    // Not the caller's notification: 404.
    expect(
      (await call('manager@bolt.example', 'PUT', `/notifications/${sent.id}/read`, { read: true }))
        .statusCode,
    ).toBe(404);

    const all = await call(clerk, 'POST', '/notifications/read-all');
    expect(all.json().marked).toBeGreaterThan(0);
    expect((await summary()).unread).toBe(0);
    expect(await titles(clerk, true)).toEqual([]);
  });

  it('pages the centre on the server', async () => {
    for (let i = 0; i < 11; i++)
      await send('admin@operator.example', {
        title: `Bulk ${i}`,
        audience: { kind: 'sites', numbers: ['2003'] },
      });
    const who = 'harry.wright@bolt.example';
    const first = (await call(who, 'GET', '/notifications')).json();
    expect(first.rows).toHaveLength(10);
    const next = (await call(who, 'GET', `/notifications?after=${first.last}`)).json();
    expect(next.rows.length).toBe(first.total - 10);
    expect(new Set([...first.rows, ...next.rows].map((r: { id: string }) => r.id)).size).toBe(first.total);
  });

  it('e-mails per the user’s preference, and audits preference changes', async () => {
    const prefs = (await call('sarah.jones@acme.example', 'GET', '/notifications/preferences')).json();
    expect(prefs.email).toEqual({
      Announcement: true,
      TicketActionReceipts: true,
      PermitExpiryDigest: true,
      LatestNews: true,
    });
    const off = await call('sarah.jones@acme.example', 'PUT', '/notifications/preferences', {
      email: { Announcement: false },
    });
    expect(off.json().email.Announcement).toBe(false);
    expect(
      (await call('sarah.jones@acme.example', 'PUT', '/notifications/preferences', { email: { Nope: true } }))
        .statusCode,
    ).toBe(400);

    await send('admin@operator.example', {
      title: 'Mailed',
      body: 'See [permits](/permits)',
      email: true,
      audience: { kind: 'sites', numbers: ['1002'] },
    });
    const got = await inbox.waitFor('daniel.evans@acme.example', /^Mailed$/);
    expect(got.html).toContain('<a href="/permits">permits</a>');
    await sleep(300);
    expect(
      inbox.received.some((m) => m.to.includes('sarah.jones@acme.example') && m.subject === 'Mailed'),
    ).toBe(false);
    expect(await titles('sarah.jones@acme.example')).toContain('Mailed'); // still in the centre

    const audit = await selectRows<{ description: string }>(
      t.database.db,
      sql`select description from audit_events a join users u on u.id = a.subject_user_id
          where u.email = 'sarah.jones@acme.example' and a.type = 'NotificationPreferenceChanged'`,
    );
    expect(audit).toEqual([{ description: 'Turned off e-mails for Announcements' }]);
  });
});
