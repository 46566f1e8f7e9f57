import { featureCatalogue, flagCatalogue } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from './api-client.js';
import { accountWith, clientWith, sharedRole } from './factories.js';
import {
  auditTypes,
  bearer,
  createAccount,
  DEMO_PASSWORD,
  login,
  query,
  refresh,
  userInfo,
} from './identity-helpers.js';
import { buildSecondInstance, buildTestApp, type TestApp } from './test-app.js';

const problemType = 'application/problem+json; charset=utf-8';

describe('identity: password sign-in, tokens and sessions', () => {
  let t: TestApp;
  const api = apiFor(() => t);

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers tokens for the right password, with a 15-minute access token', async () => {
    const res = await login(t, { email: 'Clerk@Acme.example', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresIn: 900,
    });
    expect(Buffer.from(body.refreshToken, 'base64url')).toHaveLength(32);
    const [stored] = await query<{ n: number }>(
      t,
      sql`select count(*)::int as n from refresh_tokens where token_hash = ${body.refreshToken}`,
    );
    expect(stored!.n).toBe(0);
    expect(await auditTypes(t, 'clerk@acme.example')).toContain('SignedIn');
  });

  it('answers user info: features and flags from the catalogue, sites and session type', async () => {
    // A client manager of a group of the test's own, with a password and both of a manager's flags.
    const { group } = await clientWith(t, { sites: 2, group: true });
    await accountWith(t, {
      roles: [await sharedRole(t, 'Client Manager')],
      access: [group!.number],
      email: 'manager@client-a.example',
      password: DEMO_PASSWORD,
      flags: ['TicketActionReceipts', 'PermitExpiryDigest'],
    });
    const tokens = (await login(t, { email: 'manager@client-a.example', password: DEMO_PASSWORD })).json();
    const res = await userInfo(t, tokens.accessToken);
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info.email).toBe('manager@client-a.example');
    expect(info.sessionType).toBe('identity');
    expect(info.accessAllSites).toBe(false);
    expect(info.access).toEqual([group!.number]);
    expect(info.sites.map((s: { siteNumber: string }) => s.siteNumber)).toContain(group!.number);
    const selfView = featureCatalogue.find((f) => f.normalizedName === 'Self.View');
    expect(info.features).toContainEqual(selfView);
    expect(info.features.length).toBeGreaterThan(3);
    expect(info.flags.sort()).toEqual(['PermitExpiryDigest', 'TicketActionReceipts']);
    expect(info.visibleFlags).toEqual(expect.arrayContaining([flagCatalogue[0]]));

    const admin = (await login(t, { email: 'admin@operator.example', password: DEMO_PASSWORD })).json();
    const adminInfo = (await userInfo(t, admin.accessToken)).json();
    expect(adminInfo.accessAllSites).toBe(true);
    expect(adminInfo.features).toHaveLength(featureCatalogue.length);
    expect(adminInfo.visibleFlags).toEqual(flagCatalogue);

    const sites = await api.as(bearer(tokens.accessToken)).get('/api/sites/accessible');
    expect(sites.json()).toEqual(info.sites);

    const anonymous = await api.get('/api/user/info');
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers Failed alike for a wrong password and an unknown email, as 401 problems', async () => {
    const wrong = await login(t, { email: 'manager@bolt.example', password: 'Wrong-pass-1' });
    const unknown = await login(t, { email: 'nobody@acme.example', password: 'Wrong-pass-1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toBe(problemType);
      expect(res.json()).toEqual({ title: 'Unauthorized', status: 401, detail: 'Failed' });
    }
    expect(wrong.body).toBe(unknown.body);
    await query(t, sql`update users set failed_sign_ins = 0 where email = 'manager@bolt.example'`);
  });

  it('takes about as long for an unknown email as for a wrong password (both run argon2)', async () => {
    // The app runs in this process: its CPU time per sign-in (argon2 in libuv's threads, the request,
    // and PGlite's work) is the cost of the path itself. Wall time also carried every pause of a busy
    // machine: the fastest of eight failed once at 2.75 with the load average at 10.
    const cost = async (email: string) => {
      const before = process.cpuUsage();
      await login(t, { email, password: 'Wrong-pass-1' });
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1000;
    };
    // Eight interleaved pairs, each side's cheapest compared: other work in the process (the job
    // engine's polls) only adds to a try.
    const cheapest = (xs: number[]) => Math.min(...xs);
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 8; i++) {
      wrong.push(await cost('manager@bolt.example'));
      // Stay below the lock-out: every try is a plain wrong password.
      await query(t, sql`update users set failed_sign_ins = 0 where email = 'manager@bolt.example'`);
      unknown.push(await cost(`nobody${i}@acme.example`));
    }
    await query(t, sql`update users set failed_sign_ins = 0 where email = 'manager@bolt.example'`);
    const [w, u] = [cheapest(wrong), cheapest(unknown)];
    expect(w).toBeGreaterThan(5);
    expect(u).toBeGreaterThan(5);
    expect(Math.max(w, u) / Math.min(w, u)).toBeLessThan(2.5);
  });

  it('answers NotAllowed for an unconfirmed email once the password is right', async () => {
    const id = await createAccount(t, 'unconfirmed@acme.example');
    await query(t, sql`update users set email_confirmed = false where id = ${id}`);
    const res = await login(t, { email: 'unconfirmed@acme.example', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('NotAllowed');
    const wrong = await login(t, { email: 'unconfirmed@acme.example', password: 'Wrong-pass-1' });
    expect(wrong.json().detail).toBe('Failed');
    // The invited demo user has no password at all.
    const invited = await login(t, { email: 'new@acme.example', password: DEMO_PASSWORD });
    expect(invited.json().detail).toBe('Failed');
  });

  it('answers RequiresTwoFactor when the password is right and two-factor is on', async () => {
    const res = await login(t, { email: 'mfa@acme.example', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('RequiresTwoFactor');
  });

  it('locks the account after 5 failures in a row for 5 minutes, and a success resets the count', async () => {
    const email = 'lockme@acme.example';
    await createAccount(t, email);
    for (let i = 0; i < 4; i++) {
      expect((await login(t, { email, password: 'Wrong-pass-1' })).json().detail).toBe('Failed');
    }
    // A success in between starts the count again.
    expect((await login(t, { email, password: DEMO_PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await login(t, { email, password: 'Wrong-pass-1' })).json().detail).toBe('Failed');
    }
    const fifth = await login(t, { email, password: 'Wrong-pass-1' });
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().detail).toBe('LockedOut');
    // Locked: even the right password is refused.
    expect((await login(t, { email, password: DEMO_PASSWORD })).json().detail).toBe('LockedOut');
    const [row] = await query<{ minutes: number }>(
      t,
      sql`select extract(epoch from (locked_until - now())) / 60 as minutes from users where email = ${email}`,
    );
    expect(Number(row!.minutes)).toBeGreaterThan(4.9);
    expect(Number(row!.minutes)).toBeLessThanOrEqual(5);
    expect(await auditTypes(t, email)).toEqual(expect.arrayContaining(['SignInFailed', 'LockedOut']));

    // Five minutes later (moved into the past rather than waited for) the account opens again.
    await query(t, sql`update users set locked_until = now() - interval '1 second' where email = ${email}`);
    expect((await login(t, { email, password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('rate limits sign-in per account and per address with 429 and Retry-After', async () => {
    const email = 'ratelimited@acme.example';
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      codes.push((await login(t, { email, password: 'x' }, '10.9.0.1')).statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c === 401)).toBe(true);
    const limited = await login(t, { email, password: 'x' }, '10.9.0.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 429, detail: 'TooManyAttempts' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Per address: counters live in the database; fill this address's window as other processes would.
    await query(
      t,
      sql`insert into rate_limit_counters (key, window_start, count) values ('signin:address:10.9.0.3', now(), 100)`,
    );
    const byAddress = await login(t, { email: 'clerk@acme.example', password: DEMO_PASSWORD }, '10.9.0.3');
    expect(byAddress.statusCode).toBe(429);
    // A window that has passed counts from zero again.
    await query(
      t,
      sql`update rate_limit_counters set window_start = now() - interval '61 seconds' where key = 'signin:address:10.9.0.3'`,
    );
    const later = await login(t, { email: 'clerk@acme.example', password: DEMO_PASSWORD }, '10.9.0.3');
    expect(later.statusCode).toBe(200);
  });

  it('takes the per-address limit from SIGN_IN_LIMIT_PER_ADDRESS (a hospital behind one address)', async () => {
    await query(
      t,
      sql`insert into rate_limit_counters (key, window_start, count) values ('signin:address:10.9.0.4', now(), 100)`,
    );
    const raised = await buildSecondInstance(t, { SIGN_IN_LIMIT_PER_ADDRESS: 500 });
    try {
      const signIn = () =>
        raised.app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress: '10.9.0.4',
          payload: { email: 'clerk@acme.example', password: DEMO_PASSWORD },
        });
      expect((await signIn()).statusCode).toBe(200);
      await query(t, sql`update rate_limit_counters set count = 500 where key = 'signin:address:10.9.0.4'`);
      expect((await signIn()).statusCode).toBe(429);
    } finally {
      await raised.close();
    }
  });

  it('rotates refresh tokens; reusing a used one ends the session for both tokens', async () => {
    const first = (await login(t, { email: 'clerk@acme.example', password: DEMO_PASSWORD })).json();
    const second = await refresh(t, first.refreshToken);
    expect(second.statusCode).toBe(200);
    const rotated = second.json();
    expect(rotated.expiresIn).toBe(900);
    expect(rotated.refreshToken).not.toBe(first.refreshToken);
    expect((await userInfo(t, rotated.accessToken)).statusCode).toBe(200);

    // Past the retry grace window, a used token is a stolen copy.
    await query(
      t,
      sql`update refresh_tokens set used_at = now() - interval '1 minute' where used_at is not null`,
    );
    const reuse = await refresh(t, first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect((await refresh(t, rotated.refreshToken)).statusCode).toBe(401);
    expect((await userInfo(t, rotated.accessToken)).statusCode).toBe(401);
    expect((await userInfo(t, first.accessToken)).statusCode).toBe(401);
    expect(await auditTypes(t, 'clerk@acme.example')).toContain('SessionRevoked');

    expect((await refresh(t, 'not-a-token')).statusCode).toBe(401);
  });

  it('refuses an expired refresh token', async () => {
    const tokens = (await login(t, { email: 'clerk@acme.example', password: DEMO_PASSWORD })).json();
    await query(
      t,
      sql`update refresh_tokens set expires_at = now() - interval '1 second' where used_at is null`,
    );
    expect((await refresh(t, tokens.refreshToken)).statusCode).toBe(401);
  });

  it('ends the session on sign-out: access and refresh tokens stop working', async () => {
    const tokens = (await login(t, { email: 'clerk@acme.example', password: DEMO_PASSWORD })).json();
    const out = await api.as(bearer(tokens.accessToken)).post('/api/user/logout');
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    expect((await userInfo(t, tokens.accessToken)).statusCode).toBe(401);
    expect((await refresh(t, tokens.refreshToken)).statusCode).toBe(401);

    // With only the refresh token (access token gone) sign-out works too.
    const other = (await login(t, { email: 'clerk@acme.example', password: DEMO_PASSWORD })).json();
    const out2 = await api.post('/api/user/logout', { refreshToken: other.refreshToken });
    expect(out2.statusCode).toBe(204);
    expect((await userInfo(t, other.accessToken)).statusCode).toBe(401);
  });

  it('rejects the next request and refresh of a removed user', async () => {
    const email = 'toremove@acme.example';
    await createAccount(t, email);
    const tokens = (await login(t, { email, password: DEMO_PASSWORD })).json();
    expect((await userInfo(t, tokens.accessToken)).statusCode).toBe(200);
    await query(t, sql`update users set removed_at = now() where email = ${email}`);
    expect((await userInfo(t, tokens.accessToken)).statusCode).toBe(401);
    expect((await refresh(t, tokens.refreshToken)).statusCode).toBe(401);
    expect((await login(t, { email, password: DEMO_PASSWORD })).json().detail).toBe('Failed');
  });

  it('answers 404 for single sign-on when it is not configured', async () => {
    const res = await api.post('/api/user/login/sso', { idToken: 'x', nonce: 'n' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Single sign-on is not configured.');
  });

  it('answers a validation problem for a malformed sign-in body', async () => {
    const res = await login(t, { email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'password']);
  });
});
