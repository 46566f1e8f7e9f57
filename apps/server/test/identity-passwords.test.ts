import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendInvitation } from '../src/modules/identity/account-links.js';
import { sha256 } from '../src/modules/identity/secret-codes.js';
import { apiFor } from './api-client.js';
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
import { bearerFor } from './sign-in-as.js';
import { linkIn, startSmtpInbox } from './smtp-inbox.js';
import { buildTestApp, type TestApp } from './test-app.js';

const PUBLIC_URL = 'http://portal.test';

describe('identity: email confirmation, reset links and passwords', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await buildTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_URL } });
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  const requestLink = (email: string) => api.post('/api/user/password/reset-link', { email });
  const checkCode = (code: string) =>
    api.get(`/api/user/password/reset/${encodeURIComponent(encodeURIComponent(code))}`);
  const reset = (code: string, body: Record<string, unknown>) =>
    api.post(`/api/user/password/reset/${encodeURIComponent(encodeURIComponent(code))}`, body);
  const confirm = (body: Record<string, unknown>) => api.post('/api/user/confirm', body);

  it('invites an account without a password: confirm the address, then set the password', async () => {
    const [user] = await query<{ id: string }>(t, sql`select id from users where email = 'new@acme.example'`);
    await sendInvitation(
      { kysely: t.database.kysely, mailer: t.app.mailer, settings: t.settings },
      { id: user!.id, email: 'new@acme.example' },
    );
    const mail = await inbox.waitFor('new@acme.example', /account/i);
    expect(mail.html).toContain('<a href="http://portal.test/user/confirm?');
    const link = new URL(linkIn(mail, `${PUBLIC_URL}/user/confirm?`));
    expect(link.searchParams.get('email')).toBe('new@acme.example');
    const code = link.searchParams.get('code')!;
    const passwordCode = link.searchParams.get('password')!;
    expect(code).toBeTruthy();
    expect(passwordCode).toBeTruthy();

    expect((await confirm({ code: 'wrong' })).statusCode).toBe(400);
    expect((await confirm({ code, email: 'other@acme.example' })).statusCode).toBe(400);
    const ok = await confirm({ code, email: 'new@acme.example' });
    expect(ok.statusCode).toBe(204);
    const again = await confirm({ code, email: 'new@acme.example' });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/could not be confirmed/);
    expect(await auditTypes(t, 'new@acme.example')).toContain('EmailConfirmed');

    expect((await checkCode(passwordCode)).statusCode).toBe(204);
    expect(
      (await reset(passwordCode, { password: 'New-pass-1', confirmPassword: 'New-pass-1' })).statusCode,
    ).toBe(204);
    expect((await login(t, { email: 'new@acme.example', password: 'New-pass-1' })).statusCode).toBe(200);
    await inbox.waitFor('new@acme.example', /password was reset/);
  });

  it('confirms an invited, unconfirmed account by a password reset (what README says of new@acme.example)', async () => {
    // A seeded account like new@acme.example (invited, never confirmed, no password), untouched by
    // the other tests here.
    const email = 'mohammed.khan@acme.example';
    expect((await login(t, { email, password: DEMO_PASSWORD })).json().detail).toBe('Failed');
    expect((await requestLink(email)).statusCode).toBe(204);
    const mail = await inbox.waitFor(email, /Reset your Client Portal password/);
    const code = new URL(linkIn(mail, `${PUBLIC_URL}/reset-password/confirm?password=`)).searchParams.get(
      'password',
    )!;
    expect((await reset(code, { password: 'Invited-pass-1' })).statusCode).toBe(204);
    // Not NotAllowed: the reset confirmed the address.
    expect((await login(t, { email, password: 'Invited-pass-1' })).statusCode).toBe(200);
  });

  it('invites an account that has a password with a confirm link only', async () => {
    const id = await createAccount(t, 'hasPassword@acme.example');
    await sendInvitation(
      { kysely: t.database.kysely, mailer: t.app.mailer, settings: t.settings },
      { id, email: 'hasPassword@acme.example' },
    );
    const mail = await inbox.waitFor('hasPassword@acme.example', /account/i);
    const link = new URL(linkIn(mail, `${PUBLIC_URL}/user/confirm?`));
    expect(link.searchParams.has('password')).toBe(false);
    expect((await confirm({ code: link.searchParams.get('code') })).statusCode).toBe(204);
  });

  it('answers a reset-link request the same whether or not the account exists', async () => {
    const known = await requestLink('manager@bolt.example');
    const unknown = await requestLink('nobody@bolt.example');
    expect(known.statusCode).toBe(204);
    expect(unknown.statusCode).toBe(204);
    expect(known.body).toBe(unknown.body);
    await inbox.waitFor('manager@bolt.example', /Reset/);
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.received.filter((m) => m.to.includes('nobody@bolt.example'))).toEqual([]);
  });

  it('resets a password with the code from a real email: once, and ends every session', async () => {
    const email = 'forgetful@acme.example';
    await createAccount(t, email);
    const before = (await login(t, { email, password: DEMO_PASSWORD })).json();
    expect((await requestLink(email.toUpperCase())).statusCode).toBe(204);
    const mail = await inbox.waitFor(email, /Reset your Client Portal password/);
    const link = new URL(linkIn(mail, `${PUBLIC_URL}/reset-password/confirm?password=`));
    const code = link.searchParams.get('password')!;

    expect((await checkCode(code)).statusCode).toBe(204);
    const missing = await checkCode('no-such-code');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(
      'The reset password request was not found. The link may have expired.',
    );

    const weak = await reset(code, { password: 'abc' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toEqual(
      expect.arrayContaining([
        'Passwords must be at least 6 characters.',
        "Passwords must have at least one uppercase ('A'-'Z').",
      ]),
    );
    const differ = await reset(code, { password: 'Better-pass-1', confirmPassword: 'Better-pass-2' });
    expect(differ.json().errors).toEqual({ confirmPassword: ["The entered passwords don't match."] });

    expect((await reset(code, { password: 'Better-pass-1' })).statusCode).toBe(204);
    expect((await reset(code, { password: 'Better-pass-2' })).statusCode).toBe(404);
    expect((await checkCode(code)).statusCode).toBe(404);

    expect((await userInfo(t, before.accessToken)).statusCode).toBe(401);
    expect((await refresh(t, before.refreshToken)).statusCode).toBe(401);
    expect((await login(t, { email, password: DEMO_PASSWORD })).json().detail).toBe('Failed');
    expect((await login(t, { email, password: 'Better-pass-1' })).statusCode).toBe(200);
    await inbox.waitFor(email, /password was reset/);
    expect(await auditTypes(t, email)).toContain('PasswordReset');
  });

  it('lists every unmet password rule with its own message', async () => {
    const res = await reset('any', { password: 'aaaaa' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toEqual([
      'Passwords must be at least 6 characters.',
      "Passwords must have at least one uppercase ('A'-'Z').",
      "Passwords must have at least one digit ('0'-'9').",
      'Passwords must have at least one non alphanumeric character.',
    ]);
  });

  it('refuses a reset code after 24 hours', async () => {
    const email = 'slow@acme.example';
    await createAccount(t, email);
    await requestLink(email);
    const code = new URL(
      linkIn(await inbox.waitFor(email, /Reset/), `${PUBLIC_URL}/reset-password/confirm`),
    ).searchParams.get('password')!;
    const [row] = await query<{ hours: number }>(
      t,
      sql`select extract(epoch from (expires_at - now())) / 3600 as hours from user_codes
          where code_hash = ${sha256(code)}`,
    );
    expect(Math.round(Number(row!.hours))).toBe(24);
    await query(
      t,
      sql`update user_codes set expires_at = now() - interval '1 second' where code_hash = ${sha256(code)}`,
    );
    expect((await checkCode(code)).statusCode).toBe(404);
    expect((await reset(code, { password: 'Better-pass-1' })).statusCode).toBe(404);
  });

  it('changes the password with the old one, ending the other sessions but not this one', async () => {
    const email = 'changer@acme.example';
    await createAccount(t, email);
    const other = (await login(t, { email, password: DEMO_PASSWORD })).json();
    const mine = (await login(t, { email, password: DEMO_PASSWORD })).json();
    const change = (body: Record<string, unknown>) =>
      api.as(bearer(mine.accessToken)).post('/api/user/password', body);

    const wrongOld = await change({ oldPassword: 'Wrong-pass-1', newPassword: 'Changed-pass-1' });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().errors).toEqual({ oldPassword: ['Incorrect password.'] });
    const weak = await change({ oldPassword: DEMO_PASSWORD, newPassword: 'short' });
    expect(weak.json().errors.newPassword).toContain('Passwords must be at least 6 characters.');
    const differ = await change({
      oldPassword: DEMO_PASSWORD,
      newPassword: 'Changed-pass-1',
      confirmPassword: 'x',
    });
    expect(differ.json().errors).toEqual({ confirmPassword: ['Passwords do not match.'] });

    expect((await change({ oldPassword: DEMO_PASSWORD, newPassword: 'Changed-pass-1' })).statusCode).toBe(
      204,
    );
    expect((await userInfo(t, mine.accessToken)).statusCode).toBe(200);
    expect((await refresh(t, mine.refreshToken)).statusCode).toBe(200);
    expect((await userInfo(t, other.accessToken)).statusCode).toBe(401);
    expect((await refresh(t, other.refreshToken)).statusCode).toBe(401);
    expect((await login(t, { email, password: 'Changed-pass-1' })).statusCode).toBe(200);
    await inbox.waitFor(email, /password was changed/);
    expect(await auditTypes(t, email)).toContain('PasswordChanged');
  });

  it('refuses a password change in a single sign-on session (403) and without a session (401)', async () => {
    const msal = await bearerFor(t, 'admin@operator.example', 'msal');
    const res = await api
      .as(msal)
      .post('/api/user/password', { oldPassword: DEMO_PASSWORD, newPassword: 'Changed-pass-1' });
    expect(res.statusCode).toBe(403);
    const anonymous = await api.post('/api/user/password', {
      oldPassword: DEMO_PASSWORD,
      newPassword: 'Changed-pass-1',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('rate limits reset-link requests per account', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await requestLink('flood@acme.example')).statusCode);
    expect(codes).toEqual([204, 204, 204, 204, 204, 429]);
  });
});
