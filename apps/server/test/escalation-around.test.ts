import { addIsoDays, LOCKOUT_THRESHOLD, ukToday } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOTP_SECRET } from '../src/db/seed/users.js';
import { loadSigningKey } from '../src/plugins/signing-key.js';
import { apiFor } from './api-client.js';
import { accountWith, permitAt, siteOf, twoClientsWithPeople } from './factories.js';
import { DEMO_PASSWORD, login, query } from './identity-helpers.js';
import type { bearerFor } from './sign-in-as.js';
import { buildTestApp, type TestApp } from './test-app.js';

/** No way around: spellings, replays, probes and malformed input that went past the rules. */
describe('escalation: no way around, and never a 500', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let manager: Awaited<ReturnType<typeof bearerFor>>;
  /** A site of the manager's group (of the test's own). */
  let managerSite: string;

  /** Rows a refused request must leave as they were. */
  const snapshot = async () =>
    (
      await query<{ n: string }>(
        t,
        sql`select (select count(*) from permits) || '/' || (select count(*) from sessions) || '/' ||
                   (select count(*) from refresh_tokens) || '/' || (select count(*) from users) || '/' ||
                   (select count(*) from audit_events where type not in ('SignInFailed', 'LockedOut')) as n`,
      )
    )[0]!.n;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PERMIT_DIGEST_ENABLED: 'false' } });
    const { first, people } = await twoClientsWithPeople(t);
    manager = people.manager.headers;
    managerSite = first.sites[0]!.number;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('blocks every write during maintenance whatever the spelling of the URL', async () => {
    await t.database.db.execute(
      sql`insert into app_config (key, value) values ('ApplicationOfflineDate', '2020-01-01T00:00:00Z')`,
    );
    try {
      const permit = [
        {
          id: 0,
          site_SiteGroupNumber: managerSite,
          vehicleRegistration: 'ZQ99001',
          driverName: 'Ann Smith',
          duration: 'Temporary',
          started: ukToday(new Date()),
          ended: addIsoDays(ukToday(new Date()), 7),
          reason: 2,
          authorisedBy: 'Sam Boss',
        },
      ];
      const before = await snapshot();
      for (const url of ['/%61pi/permits', '/api/%70ermits', '/api/permits', '/api/permits?x=1']) {
        // Raw inject: the URL spellings are what is tested, so they go to the app untouched.
        const res = await t.app.inject({ method: 'POST', url, headers: manager, payload: permit });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['content-type']).toContain('application/problem+json');
      }
      expect(await snapshot()).toEqual(before);
    } finally {
      await t.database.db.execute(sql`delete from app_config where key = 'ApplicationOfflineDate'`);
    }
  });

  it('accepts a TOTP code once per account', async () => {
    const code = authenticator.generate(DEMO_TOTP_SECRET);
    const body = { email: 'mfa@acme.example', password: DEMO_PASSWORD, code };
    expect((await login(t, body)).statusCode).toBe(200);
    const before = await snapshot();
    const replay = await login(t, body);
    // Refused as a wrong code is (the sign-in page then stays on its code step).
    expect(replay.statusCode).toBe(401);
    const wrong = await login(t, { ...body, code: code === '000000' ? '111111' : '000000' });
    expect(replay.json().detail).toBe(wrong.json().detail);
    expect(await snapshot()).toEqual(before);
  });

  it('locks out an unknown address exactly as an existing one', async () => {
    const answers = async (email: string) => {
      const details: string[] = [];
      for (let i = 0; i <= LOCKOUT_THRESHOLD; i++) {
        details.push((await login(t, { email, password: 'Wrong-password-1' })).json().detail);
      }
      return details;
    };
    const before = await snapshot();
    const known = await answers('james.wilson@acme.example');
    const unknown = await answers('nobody.here@acme.example');
    expect(known).toEqual(['Failed', 'Failed', 'Failed', 'Failed', 'LockedOut', 'LockedOut']);
    expect(unknown).toEqual(known);
    // Counted per address, in the database; a right password for the unknown one changes nothing.
    const other = await login(t, { email: 'nobody.else@acme.example', password: 'Wrong-password-1' });
    expect(other.json().detail).toBe('Failed');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an access token without an expiry', async () => {
    const key = await loadSigningKey(t.database.kysely);
    const forever = await new SignJWT({ sid: manager.sessionId, stamp: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(manager.userId)
      .setIssuer('client-portal')
      .setIssuedAt()
      .sign(key);
    const before = await snapshot();
    for (const url of ['/api/user/info', '/api/user/accounts']) {
      const res = await api.as({ authorization: `Bearer ${forever}` }).get(url);
      expect(res.statusCode, url).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('marks authenticated answers no-store and forbids framing every page, the API docs included', async () => {
    const info = await api.as(manager).get('/api/user/info');
    expect(info.statusCode).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
    const permits = await api.as(manager).get('/api/permits');
    expect(permits.headers['cache-control']).toBe('no-store');
    const config = await api.get('/api/application/config');
    expect(config.headers['cache-control']).not.toBe('no-store');
    for (const url of ['/api/docs', '/api/docs/static/index.html', '/api/health', '/signin']) {
      const res = await api.get(url);
      expect(res.headers['content-security-policy'], url).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['content-security-policy'], url).not.toMatch(/frame-ancestors 'self'/);
    }
  });

  it('neutralises formula cells in server CSV exports, full-width and tab/CR triggers included', async () => {
    const names = ['＝HYPERLINK("x")', '＋441', '－2+3', '＠SUM(A1)', '\t=1+1', '\r=1+1'];
    const site = (await siteOf(t)).number;
    for (const [i, name] of names.entries()) {
      await permitAt(t, site, {
        registration: `ZQ9${String(i).padStart(4, '0')}`,
        driverName: name,
        started: new Date(Date.now() - 86_400_000),
        ended: new Date(Date.now() + 5 * 86_400_000),
      });
    }
    const viewer = await accountWith(t, { features: ['Permits.View', 'Permits.AllPermits'], access: [site] });
    const res = await api.as(viewer.headers).get(`/api/permits/_export?state=current&siteNumber=${site}`);
    expect(res.statusCode).toBe(200);
    expect([...res.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const text = res.rawPayload.subarray(2).toString('utf16le');
    // A tab or line break also splits a cell where Excel reads UTF-16 text: the formula after it is
    // neutralised too, and the cell quoted (security walk, finding 5).
    const cells = [
      '"\'＝HYPERLINK(""x"")"',
      "'＋441",
      "'－2+3",
      "'＠SUM(A1)",
      '"\'\t\'=1+1"',
      '"\'\r\'=1+1"',
    ];
    for (const [i, name] of names.entries()) expect(text, JSON.stringify(name)).toContain(cells[i]);
  });

  describe('a retried refresh', () => {
    const refresh = (refreshToken: string) => api.post('/api/user/refresh', { refreshToken });
    const signIn = async () =>
      (await login(t, { email: 'daniel.evans@acme.example', password: DEMO_PASSWORD })).json() as {
        accessToken: string;
        refreshToken: string;
      };
    const sessionLive = async (accessToken: string) =>
      (await api.as({ authorization: `Bearer ${accessToken}` }).get('/api/user/info')).statusCode === 200;

    it('answers two tabs refreshing the same session at once with one new pair, and keeps the session', async () => {
      const first = await signIn();
      const [a, b] = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(b.json()).toEqual(a.json());
      const again = await refresh(first.refreshToken);
      expect(again.json()).toEqual(a.json());
      expect(await sessionLive(a.json().accessToken)).toBe(true);
      const next = await refresh(a.json().refreshToken);
      expect(next.statusCode).toBe(200);
      expect(await sessionLive(next.json().accessToken)).toBe(true);
    });

    it('still ends the session on reuse of an older token', async () => {
      const first = await signIn();
      const second = (await refresh(first.refreshToken)).json();
      const third = (await refresh(second.refreshToken)).json();
      // The first token's successor is used: presenting it again is not a retry.
      const before = await query(t, sql`select count(*)::int as n from refresh_tokens`);
      expect((await refresh(first.refreshToken)).statusCode).toBe(401);
      expect(await query(t, sql`select count(*)::int as n from refresh_tokens`)).toEqual(before);
      expect(await sessionLive(third.accessToken)).toBe(false);
      expect((await refresh(third.refreshToken)).statusCode).toBe(401);
    });

    it('ends the session on reuse after the grace window', async () => {
      const first = await signIn();
      const second = (await refresh(first.refreshToken)).json();
      await t.database.db.execute(
        sql`update refresh_tokens set used_at = now() - interval '1 minute' where used_at is not null`,
      );
      expect((await refresh(first.refreshToken)).statusCode).toBe(401);
      expect(await sessionLive(second.accessToken)).toBe(false);
    });
  });

  it('answers 400 to a body nested 5,000 deep, and problem+json to a malformed path', async () => {
    const deep = `{"email":${'['.repeat(5000)}${']'.repeat(5000)},"password":"x"}`;
    const before = await snapshot();
    // Raw inject, here and below: hand-written deep JSON text and URL spellings are the point.
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.headers['content-type']).toContain('application/problem+json');
    const deepPermit = await t.app.inject({
      method: 'POST',
      url: '/api/permits',
      headers: { ...manager, 'content-type': 'application/json' },
      payload: `[{"id":0,"site_SiteGroupNumber":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}]`,
    });
    expect(deepPermit.statusCode).toBe(400);
    for (const url of ['/api/permits/%E0%A4%A', '/api/%', '/%61pi/user/accounts/%zz']) {
      const res = await t.app.inject({ method: 'GET', url, headers: manager });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 400, title: 'Bad Request' });
    }
    expect(await snapshot()).toEqual(before);
  });
});
