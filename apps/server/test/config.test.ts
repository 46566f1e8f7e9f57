import { API_VERSION } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHeaders, apiFor } from './api-client.js';
import { selectRows } from './fixture-rows.js';
import { bearerFor } from './sign-in-as.js';
import { startSmtpInbox } from './smtp-inbox.js';
import { buildTestApp, jobsSettled, type TestApp } from './test-app.js';

type Inbox = Awaited<ReturnType<typeof startSmtpInbox>>;

describe('application config', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let inbox: Inbox;
  let admin: AuthHeaders;
  let manager: AuthHeaders;
  let clerk: AuthHeaders;

  const stored = async () => {
    const rows = await selectRows<{ key: string; value: string }>(
      t.database.db,
      sql`select key, value from app_config order by key`,
    );
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  };
  const configAudits = async () =>
    selectRows<{
      actor_email: string;
      subject_email: string;
      description: string;
      details: Record<string, unknown>;
    }>(
      t.database.db,
      sql`select actor_email, subject_email, description, details from audit_events
          where type = 'ConfigChanged' order by id`,
    );
  const post = (headers: AuthHeaders | undefined, config: Record<string, unknown>) =>
    api.as(headers).post('/api/application/config', { config });

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await buildTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_URL: 'http://portal.test' } });
    admin = await bearerFor(t, 'admin@operator.example');
    // Operator staff (all sites) holding the operator's permit and ticket settings, not SysAdmin.
    const [role] = await selectRows<{ id: number }>(
      t.database.db,
      sql`insert into roles (name, parent_id) select 'Settings Staff', id from roles where name = 'Administrator'
          returning id`,
    );
    await t.database.db.execute(
      sql`insert into role_features (role_id, feature) values (${role!.id}, 'Permits.Expired'),
          (${role!.id}, 'Permits.PermanentYears'), (${role!.id}, 'Tickets.ReducePeriod')`,
    );
    const [staff] = await selectRows<{ id: string }>(
      t.database.db,
      sql`insert into users (email, email_confirmed, access_all_sites, language) values ('staff@operator.example', true, true, 'en')
          returning id`,
    );
    await t.database.db.execute(
      sql`insert into user_roles (user_id, role_id) values (${staff!.id}, ${role!.id})`,
    );
    manager = await bearerFor(t, 'staff@operator.example');
    clerk = await bearerFor(t, 'clerk@acme.example');
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  describe('GET /api/application/config', () => {
    it('is public and revalidated on every use (no-cache, ETag), with the build hash and the API version', async () => {
      const res = await api.get('/api/application/config');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const body = res.json();
      expect(body.expiresIn).toBe(300);
      expect(body.version).toBe(API_VERSION);
      expect(body.config.ApplicationHash).toBe(t.app.applicationHash);
      expect(body.config.WelcomeMessage).toBe((await stored()).WelcomeMessage);
      expect(Object.values(body.config).every((v) => typeof v === 'string')).toBe(true);
    });

    it('answers 304 to a matching ETag', async () => {
      const first = await api.get('/api/application/config');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      const again = await api.get('/api/application/config', { headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });
  });

  describe('POST /api/application/config: who may change what', () => {
    it('needs a signed-in caller', async () => {
      const res = await post(undefined, { WelcomeMessage: 'Hello' });
      expect(res.statusCode).toBe(401);
    });

    it('refuses the whole body with 403, writing nothing, when any entry is not the caller’s', async () => {
      const before = await stored();
      const auditsBefore = (await configAudits()).length;
      // The staff member holds Permits.Expired but not Application.WelcomeMessage.
      const res = await post(manager, { PermitExpiredDays: '3', WelcomeMessage: 'Hi' });
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().detail).toContain('WelcomeMessage');
      expect(await stored()).toEqual(before);
      expect(await configAudits()).toHaveLength(auditsBefore);
    });

    it('refuses entries reserved to SysAdmin, unknown entries and ApplicationHash', async () => {
      const before = await stored();
      for (const config of [
        { ApplicationOfflineDate: '2030-01-01T00:00:00Z' },
        { SignInBannerHeading: 'Hi' },
        { TicketReduceDays: '5', NoSuchEntry: 'x' },
      ]) {
        expect((await post(manager, config)).statusCode).toBe(403);
      }
      expect((await post(clerk, { PermitExpiredDays: '3' })).statusCode).toBe(403);
      expect((await post(admin, { ApplicationHash: 'abc' })).statusCode).toBe(403);
      expect((await post(admin, { NoSuchEntry: 'abc' })).statusCode).toBe(403);
      expect(await stored()).toEqual(before);
    });

    it('lets the holder of the entry’s feature change it, audits it and answers the new config', async () => {
      const auditsBefore = (await configAudits()).length;
      const res = await post(manager, {
        PermitExpiredDays: 3,
        TicketReduceDays: '10',
        PermanentPermitYears: '2',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().config).toMatchObject({
        PermitExpiredDays: '3',
        TicketReduceDays: '10',
        PermanentPermitYears: '2',
        ApplicationHash: t.app.applicationHash,
      });
      expect(res.json().expiresIn).toBe(300);
      const audits = (await configAudits()).slice(auditsBefore);
      expect(audits.map((a) => a.details.key).sort()).toEqual([
        'PermanentPermitYears',
        'PermitExpiredDays',
        'TicketReduceDays',
      ]);
      expect(audits.every((a) => a.actor_email === 'staff@operator.example')).toBe(true);
      expect(audits.every((a) => a.subject_email === 'staff@operator.example')).toBe(true);
      expect(audits.find((a) => a.details.key === 'PermitExpiredDays')?.details).toEqual({
        key: 'PermitExpiredDays',
        previous: '7',
        value: '3',
      });
    });

    it('does not audit an entry set to the value it already has', async () => {
      const auditsBefore = (await configAudits()).length;
      expect((await post(manager, { PermitExpiredDays: '3' })).statusCode).toBe(200);
      expect(await configAudits()).toHaveLength(auditsBefore);
    });

    it('unsets an entry given null or blank; PermanentPermitYears then reads as 1', async () => {
      const res = await post(admin, { PermanentPermitYears: null, WelcomeMessage: '  ' });
      expect(res.statusCode).toBe(200);
      expect(res.json().config.PermanentPermitYears).toBe('1');
      expect(res.json().config).not.toHaveProperty('WelcomeMessage');
      const rows = await stored();
      expect(rows).not.toHaveProperty('PermanentPermitYears');
      expect(rows).not.toHaveProperty('WelcomeMessage');
      const audits = await configAudits();
      expect(audits.at(-1)?.description).toMatch(/^Cleared the setting/);
    });

    it('lets a holder of Application.LatestNews alone change the welcome message too', async () => {
      const [role] = await selectRows<{ id: number }>(
        t.database.db,
        sql`insert into roles (name, parent_id) select 'News Editor', id from roles where name = 'Administrator'
            returning id`,
      );
      await t.database.db.execute(
        sql`insert into role_features (role_id, feature) values (${role!.id}, 'Application.LatestNews')`,
      );
      const editor = await bearerFor(t, 'tom.baker@acme.example');
      await t.database.db.execute(
        sql`update user_roles set role_id = ${role!.id} where user_id = ${editor.userId}`,
      );
      // The news is the operator's: only an all-sites user changes it.
      await t.database.db.execute(sql`update users set access_all_sites = true where id = ${editor.userId}`);
      const res = await post(editor, { WelcomeMessage: 'Welcome back', LatestNewsMessageDate: '1 May' });
      expect(res.statusCode).toBe(200);
      expect(res.json().config.WelcomeMessage).toBe('Welcome back');
      await inbox.waitFor('priya.patel@acme.example', /Latest news/);
      expect((await post(editor, { PermitExpiredDays: '4' })).statusCode).toBe(403);
    });
  });

  describe('POST /api/application/config: validation per entry', () => {
    const invalid: [string, unknown, RegExp][] = [
      ['LatestNewsMessageHeading', 'h'.repeat(101), /at most 100/],
      ['LatestNewsMessageDate', 'd'.repeat(21), /at most 20/],
      ['LatestNewsMessageBody', 'b'.repeat(301), /at most 300/],
      ['LatestNewsMessageUrl', 'not a link', /web address/],
      ['LatestNewsMessageUrl', `https://example.com/${'a'.repeat(261)}`, /at most 280/],
      ['LatestNewsMessageUrl', 'javascript:alert(1)', /web address/],
      ['WelcomeMessage', 'w'.repeat(81), /at most 80/],
      ['PermanentPermitYears', '0', /between 1 and/],
      ['PermanentPermitYears', 1.5, /whole number/],
      ['PermanentPermitYears', 'two', /whole number/],
      ['PermitExpiredDays', '0', /between 1 and 7/],
      ['PermitExpiredDays', 8, /between 1 and 7/],
      ['TicketReduceDays', '0', /between 1 and/],
      ['TicketReduceDays', '-3', /whole number/],
      ['ApplicationOfflineDate', 'tomorrow', /ISO date and time/],
      ['ApplicationOfflineDate', '2030-01-01', /ISO date and time/],
      ['ApplicationOfflineMessage', 'm'.repeat(4001), /at most 4000/],
      ['WinterDecorationDate', '1st December', /ISO date/],
      ['SignInBannerHeading', 'h'.repeat(101), /at most 100/],
      ['SignInBannerBody', 'b'.repeat(301), /at most 300/],
      ['SignInBannerUrl', 'ftp://example.com/x', /web address/],
    ];

    it.each(invalid)('refuses %s = %s', async (key, value, message) => {
      const before = await stored();
      const res = await post(admin, { [key]: value });
      expect(res.statusCode).toBe(400);
      const problem = res.json();
      expect(problem.title).toBe('Validation failed');
      expect(Object.keys(problem.errors)).toEqual([key]);
      expect(problem.errors[key].join(' ')).toMatch(message);
      expect(await stored()).toEqual(before);
    });

    it('reports every bad entry at once, keyed by entry name, and writes none of the good ones', async () => {
      const before = await stored();
      const res = await post(admin, {
        WelcomeMessage: 'Fine',
        PermitExpiredDays: '9',
        LatestNewsMessageUrl: 'nope',
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors).sort()).toEqual(['LatestNewsMessageUrl', 'PermitExpiredDays']);
      expect(await stored()).toEqual(before);
    });

    it('accepts values at every limit', async () => {
      const res = await post(admin, {
        LatestNewsMessageHeading: 'h'.repeat(100),
        LatestNewsMessageDate: 'd'.repeat(20),
        LatestNewsMessageBody: 'b'.repeat(300),
        LatestNewsMessageUrl: `https://example.com/${'a'.repeat(260)}`,
        WelcomeMessage: 'w'.repeat(80),
        PermanentPermitYears: '1',
        PermitExpiredDays: '7',
        TicketReduceDays: '1',
        ApplicationOfflineDate: '2099-12-31T23:00:00.000Z',
        ApplicationOfflineMessage: `<p>${'m'.repeat(3993)}</p>`,
        WinterDecorationDate: '2024-12-01',
        SignInBannerHeading: 'Planned maintenance',
        SignInBannerBody: 'The portal will be unavailable on Sunday morning.',
        SignInBannerUrl: 'https://status.example.com',
      });
      expect(res.statusCode).toBe(200);
      const rows = await stored();
      expect(rows.LatestNewsMessageUrl).toHaveLength(280);
      expect(rows.ApplicationOfflineMessage).toHaveLength(4000);
      expect(rows.WinterDecorationDate).toBe('2024-12-01');
      await inbox.waitFor('priya.patel@acme.example', /Latest news/);
      expect((await post(admin, { ApplicationOfflineDate: null })).statusCode).toBe(200);
    });
  });

  describe('latest-news emails', () => {
    it('mails the new news to every live, confirmed subscriber, escaped, and nothing for other entries', async () => {
      // An unconfirmed and a removed subscriber get nothing.
      await t.database.db.execute(
        sql`insert into user_flags (user_id, flag)
            select id, 'LatestNewsEmails' from users where email = 'mohammed.khan@acme.example'`,
      );
      await t.database.db.execute(
        sql`update users set removed_at = now() where email = 'chloe.walker@bolt.example'`,
      );
      // Mail queued by the tests before this one has gone out before the count starts.
      await jobsSettled(t);
      inbox.received.length = 0;

      expect((await post(admin, { WelcomeMessage: 'No mail for this' })).statusCode).toBe(200);
      const res = await post(admin, {
        LatestNewsMessageHeading: 'Tom & Jerry <b>park</b>',
        LatestNewsMessageDate: '3 March',
        LatestNewsMessageBody: 'New "barrier" <script>alert(1)</script> at Riverside.',
        LatestNewsMessageUrl: 'https://example.com/news?a=1&b=2',
      });
      expect(res.statusCode).toBe(200);

      // Each mail is a job of its own, delivered in whatever order the workers take them: wait for all.
      await expect.poll(() => inbox.received.length, { timeout: 15_000 }).toBe(4);
      await new Promise((r) => setTimeout(r, 500));
      const last = await inbox.waitFor('priya.patel@acme.example', /Latest news/);
      expect(last.subject).toBe('Latest news: Tom & Jerry <b>park</b>');
      expect(last.text).toContain('Tom & Jerry <b>park</b>');
      expect(last.text).toContain('3 March');
      expect(last.text).toContain('Read more: https://example.com/news?a=1&b=2');
      expect(last.html).toContain('Tom &#38; Jerry &#60;b&#62;park&#60;/b&#62;');
      expect(last.html).not.toContain('<script>');
      expect(last.html).toContain('href="https://example.com/news?a=1&#38;b=2"');

      const recipients = [last, ...inbox.received].map((m) => m.to).sort();
      expect(recipients).toEqual([
        'admin@operator.example',
        'daniel.evans@acme.example',
        'helpdesk@operator.example',
        'priya.patel@acme.example',
      ]);
      expect([last, ...inbox.received].every((m) => /^Latest news/.test(m.subject))).toBe(true);
    });
  });

  describe('offline mode', () => {
    const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

    it('allows writes while the offline date is still in the future', async () => {
      expect((await post(admin, { ApplicationOfflineDate: minutesFromNow(60) })).statusCode).toBe(200);
      expect((await post(manager, { TicketReduceDays: '12' })).statusCode).toBe(200);
    });

    it('refuses writes with 503 once the date has passed, except sign-in and SysAdmin holders', async () => {
      const off = await post(admin, {
        ApplicationOfflineDate: minutesFromNow(-1),
        ApplicationOfflineMessage: '<p>Back soon</p>',
      });
      expect(off.statusCode).toBe(200);

      const refused = await post(manager, { TicketReduceDays: '13' });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json()).toMatchObject({ status: 503, detail: 'The portal is offline for maintenance.' });
      expect((await post(undefined, { TicketReduceDays: '13' })).statusCode).toBe(503);
      expect((await post({ authorization: 'Bearer forged' }, { TicketReduceDays: '13' })).statusCode).toBe(
        503,
      );
      expect((await stored()).TicketReduceDays).toBe('12');

      // Reads stay open, so browsers can load the config and show the maintenance screen.
      const config = await api.get('/api/application/config');
      expect(config.statusCode).toBe(200);
      expect(config.json().config.ApplicationOfflineMessage).toBe('<p>Back soon</p>');

      // Sign-in stays open, so a SysAdmin can get in (the other sign-in calls answer whatever they answer, never 503).
      const login = await api.post('/api/user/login', {
        email: 'admin@operator.example',
        password: 'Portal-demo-1',
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().accessToken).toEqual(expect.any(String));
      for (const url of ['/api/user/login/sso', '/api/user/refresh', '/api/user/logout']) {
        const res = await api.post(url, {
          email: 'admin@operator.example',
          password: 'Portal-demo-1',
          refreshToken: 'x',
        });
        expect(res.statusCode, url).not.toBe(503);
      }
      // Other account writes are refused like everything else.
      const reset = await api.post('/api/user/password/reset-link', { email: 'clerk@acme.example' });
      expect(reset.statusCode).toBe(503);
    });

    it('lets a SysAdmin turn maintenance off, after which writes work again', async () => {
      const on = await post(admin, { ApplicationOfflineDate: null });
      expect(on.statusCode).toBe(200);
      expect(on.json().config).not.toHaveProperty('ApplicationOfflineDate');
      expect((await post(manager, { TicketReduceDays: '13' })).statusCode).toBe(200);
    });
  });
});
