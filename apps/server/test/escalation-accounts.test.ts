import { allFeatureNames } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserCode } from '../src/modules/identity/account-links.js';
import { hashPassword } from '../src/modules/identity/password-hashing.js';
import { apiFor, type Caller, type Method } from './api-client.js';
import { accountWith, clientWith } from './factories.js';
import { DEMO_PASSWORD, login, query } from './identity-helpers.js';
import { bearerFor } from './sign-in-as.js';
import { startSmtpInbox } from './smtp-inbox.js';
import { buildTestApp, type TestApp } from './test-app.js';

/** No way up: delegated administration never reaches an account with more power than the caller. */
describe('escalation: accounts, email changes and reset links', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let admin: { authorization: string };
  let manager: { authorization: string };
  let roleIds: Record<string, number>;
  /** The manager's client's site (the manager holds its group). */
  let site: string;
  /** A clerk at the manager's site (the shared Site Clerk role) who signs in with DEMO_PASSWORD. */
  const createAccount = async (_t: TestApp, email: string) =>
    (
      await accountWith(t, {
        roles: [roleIds['Site Clerk']!],
        access: [site],
        email,
        password: DEMO_PASSWORD,
      })
    ).userId;

  const accounts = (method: Method, url: string, caller: Caller, payload?: object) =>
    api.as(caller).request(method, `/api/user/accounts${url}`, payload);
  const reset = (code: string, password: string) =>
    api.post(`/api/user/password/reset/${code}`, { password });
  /** Everything a refused account change could touch. */
  const snapshot = () =>
    query<{ n: string }>(
      t,
      sql`select (select string_agg(id || email || email_confirmed || coalesce(password_hash, '') ||
                  coalesce(removed_at::text, ''), ',' order by id) from users) || '/' ||
                 (select count(*) from user_roles) || '/' || (select count(*) from user_access) || '/' ||
                 (select count(*) from audit_events) || '/' ||
                 (select count(*) from sessions where revoked_at is null) || '/' ||
                 (select count(*) from user_codes where used_at is null) as n`,
    );

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await buildTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_URL: 'http://portal.test' } });
    admin = (await accountWith(t, { features: allFeatureNames, access: 'all' })).headers;
    const roles = await api.as(admin).get('/api/application/roles');
    roleIds = Object.fromEntries(
      roles.json().map((r: { name: string; applicationRoleId: number }) => [r.name, r.applicationRoleId]),
    );
    const client = await clientWith(t, { sites: 1, group: true });
    site = client.sites[0]!.number;
    manager = (
      await accountWith(t, {
        roles: [roleIds['Client Manager']!],
        access: [client.group!.number],
        email: 'manager@client-a.example',
      })
    ).headers;
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  it('answers 404 to a client manager for an account at their site holding a role beyond their features', async () => {
    const created = await accounts('POST', '', admin, {
      email: 'site-admin@client-a.example',
      access: [site],
      roles: [roleIds.Administrator],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().userId as string;
    // Give it a password and a session, as a real operator administrator would have.
    await query(
      t,
      sql`update users set email_confirmed = true,
          password_hash = ${await hashPassword(DEMO_PASSWORD)} where id = ${id}`,
    );
    await bearerFor(t, 'site-admin@client-a.example');

    const listed = await accounts('GET', '?emailAddress=site-admin', manager);
    expect(listed.json().rows.map((u: { email: string }) => u.email)).not.toContain(
      'site-admin@client-a.example',
    );
    const before = await snapshot();
    expect((await accounts('GET', `/${id}`, manager)).statusCode).toBe(404);
    const hijack = await accounts('PUT', `/${id}`, manager, {
      email: 'attacker@client-a.example',
      access: [site],
      roles: [roleIds.Administrator],
    });
    expect(hijack.statusCode).toBe(404);
    expect((await accounts('DELETE', `/${id}`, manager)).statusCode).toBe(404);
    expect((await accounts('POST', `/${id}/resend-confirmation`, manager)).statusCode).toBe(404);
    expect((await accounts('GET', `/${id}/audit`, manager)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect((await accounts('GET', `/${id}`, admin)).statusCode).toBe(200);
  });

  it('ends sessions and links of an account whose email changes, and mails both addresses', async () => {
    const id = await createAccount(t, 'moving@client-a.example');
    const signedIn = await login(t, { email: 'moving@client-a.example', password: DEMO_PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    const { accessToken, refreshToken } = signedIn.json();
    const resetCode = await createUserCode(t.database.kysely, id, 'reset', 24);
    const confirmCode = await createUserCode(t.database.kysely, id, 'confirm', 24);

    const changed = await accounts('PUT', `/${id}`, manager, {
      email: 'moved@client-a.example',
      access: [site],
      roles: [roleIds['Site Clerk']],
    });
    expect(changed.statusCode).toBe(200);

    const info = await api.as({ authorization: `Bearer ${accessToken}` }).get('/api/user/info');
    expect(info.statusCode).toBe(401);
    const refreshed = await api.post('/api/user/refresh', { refreshToken });
    expect(refreshed.statusCode).toBe(401);

    const [row] = await query<{ email_confirmed: boolean; password_hash: string }>(
      t,
      sql`select email_confirmed, password_hash from users where id = ${id}`,
    );
    expect(row!.email_confirmed).toBe(false);
    expect((await reset(resetCode, 'A-new-password-9')).statusCode).toBe(404);
    const confirmed = await api.post('/api/user/confirm', { code: confirmCode });
    expect(confirmed.statusCode).toBe(400);
    const [after] = await query<{ email_confirmed: boolean; password_hash: string }>(
      t,
      sql`select email_confirmed, password_hash from users where id = ${id}`,
    );
    expect(after).toEqual(row);

    const confirmation = await inbox.waitFor('moved@client-a.example', /confirm/i);
    expect(confirmation.text).toContain('http://portal.test/user/confirm?');
    const notice = await inbox.waitFor('moving@client-a.example', /changed/i);
    expect(notice.text).toContain('moved@client-a.example');
    const audit = (await accounts('GET', `/${id}/audit`, manager)).json() as { description: string }[];
    expect(audit[0]!.description).toBe(
      'Email changed from moving@client-a.example to moved@client-a.example (by manager@client-a.example)',
    );
  });

  it('voids older reset links once a newer one was used', async () => {
    const id = await createAccount(t, 'resetting@client-a.example');
    const older = await createUserCode(t.database.kysely, id, 'reset', 24);
    const newer = await createUserCode(t.database.kysely, id, 'reset', 24);
    expect((await reset(newer, 'First-new-password-1')).statusCode).toBe(204);
    const [hash] = await query<{ password_hash: string }>(
      t,
      sql`select password_hash from users where id = ${id}`,
    );
    expect((await reset(older, 'Second-new-password-2')).statusCode).toBe(404);
    expect(await query(t, sql`select password_hash from users where id = ${id}`)).toEqual([hash]);
  });

  it('voids every reset link when the password is changed', async () => {
    const id = await createAccount(t, 'changing@client-a.example');
    const pending = await createUserCode(t.database.kysely, id, 'reset', 24);
    const signedIn = (await login(t, { email: 'changing@client-a.example', password: DEMO_PASSWORD })).json();
    const changed = await api
      .as({ authorization: `Bearer ${signedIn.accessToken}` })
      .post('/api/user/password', { oldPassword: DEMO_PASSWORD, newPassword: 'Changed-password-3' });
    expect(changed.statusCode).toBe(204);
    const [hash] = await query<{ password_hash: string }>(
      t,
      sql`select password_hash from users where id = ${id}`,
    );
    expect((await reset(pending, 'Via-old-link-4')).statusCode).toBe(404);
    expect(await query(t, sql`select password_hash from users where id = ${id}`)).toEqual([hash]);
  });
});
