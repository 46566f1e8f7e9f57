import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_IDP_CLIENT_ID, DEV_IDP_PASSWORD, type DevIdp, startDevIdp } from '../src/dev-idp/dev-idp.js';
import { apiFor } from './api-client.js';
import { auditTypes, bearer, query, userInfo } from './identity-helpers.js';
import { obtainIdToken } from './oidc-flow.js';
import { buildTestApp, type TestApp } from './test-app.js';

const REDIRECT = 'http://localhost:3999/sso';

describe('identity: single sign-on through the local OpenID Connect provider', () => {
  let idp: DevIdp;
  let t: TestApp;
  const api = apiFor(() => t);
  let other: TestApp;

  beforeAll(async () => {
    idp = await startDevIdp({
      port: 0,
      redirectUris: [REDIRECT],
      unverifiedEmails: ['staff@operator.example'],
    });
    t = await buildTestApp({ env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: DEV_IDP_CLIENT_ID } });
    // The same provider, but the portal registered under another client id: every token has the wrong audience.
    other = await buildTestApp({ env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: 'another-app' } });
  });
  afterAll(async () => {
    await t?.close();
    await other?.close();
    await idp?.close();
  });

  const token = (username: string, nonce = 'nonce-1') =>
    obtainIdToken({
      issuer: idp.issuer,
      clientId: DEV_IDP_CLIENT_ID,
      redirectUri: REDIRECT,
      username,
      password: DEV_IDP_PASSWORD,
      nonce,
    });
  const sso = (app: TestApp, payload: object) => apiFor(app).post('/api/user/login/sso', payload);

  it('signs in a staff account with a real ID token as an msal session', async () => {
    const idToken = await token('admin@operator.example', 'n-123');
    const claims = decodeJwt(idToken);
    expect(claims).toMatchObject({
      iss: idp.issuer,
      aud: DEV_IDP_CLIENT_ID,
      email: 'admin@operator.example',
      nonce: 'n-123',
    });

    const res = await sso(t, { idToken, nonce: 'n-123' });
    expect(res.statusCode).toBe(200);
    const tokens = res.json();
    expect(tokens).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresIn: 900,
    });
    const info = (await userInfo(t, tokens.accessToken)).json();
    expect(info).toMatchObject({
      email: 'admin@operator.example',
      sessionType: 'msal',
      accessAllSites: true,
    });
    expect(await auditTypes(t, 'admin@operator.example')).toContain('SignedIn');

    const change = await api
      .as(bearer(tokens.accessToken))
      .post('/api/user/password', { oldPassword: 'x', newPassword: 'Changed-pass-1' });
    expect(change.statusCode).toBe(403);
    // The nonce the browser sent is required: without it the token could be a replayed one.
    const sessions = await query<{ n: number }>(t, sql`select count(*)::int as n from sessions`);
    const withoutNonce = await sso(t, { idToken });
    expect(withoutNonce.statusCode).toBe(400);
    expect(withoutNonce.json().errors.nonce).toBeDefined();
    expect(await query(t, sql`select count(*)::int as n from sessions`)).toEqual(sessions);
  });

  it('answers NoAccess (403) for a staff member without a portal account', async () => {
    await query(
      t,
      sql`update users set email = 'away@operator.example' where email = 'admin@operator.example'`,
    );
    try {
      const res = await sso(t, { idToken: await token('admin@operator.example'), nonce: 'nonce-1' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, detail: 'NoAccess' });
    } finally {
      await query(
        t,
        sql`update users set email = 'admin@operator.example' where email = 'away@operator.example'`,
      );
    }
  });

  it('never signs into a shadow account made for the address (decision 0026): the owner, or nobody', async () => {
    const [owner] = await query<{ id: string }>(
      t,
      sql`select id from users where email = 'admin@operator.example' and removed_at is null`,
    );
    const [shadow] = await query<{ id: string }>(
      t,
      sql`insert into users (email, address_held_elsewhere) values ('Admin@operator.example', true) returning id`,
    );
    try {
      const res = await sso(t, { idToken: await token('admin@operator.example'), nonce: 'nonce-1' });
      expect(res.statusCode).toBe(200);
      expect(decodeJwt(res.json().accessToken).sub).toBe(owner!.id);
      await query(t, sql`update users set email = 'away@operator.example' where id = ${owner!.id}`);
      const without = await sso(t, { idToken: await token('admin@operator.example'), nonce: 'nonce-1' });
      expect(without.statusCode).toBe(403);
      expect(without.json()).toMatchObject({ status: 403, detail: 'NoAccess' });
      expect(await query(t, sql`select 1 from sessions where user_id = ${shadow!.id}`)).toEqual([]);
    } finally {
      await query(t, sql`delete from users where id = ${shadow!.id}`);
      await query(
        t,
        sql`update users set email = 'admin@operator.example' where email = 'away@operator.example'`,
      );
    }
  });

  it('refuses an address the provider does not vouch for (email_verified), writing nothing', async () => {
    await query(
      t,
      sql`insert into users (email, email_confirmed, access_all_sites) values ('staff@operator.example', true, true)`,
    );
    const idToken = await token('staff@operator.example');
    expect(decodeJwt(idToken).email_verified).toBe(false);
    const sessions = await query<{ n: number }>(t, sql`select count(*)::int as n from sessions`);
    const res = await sso(t, { idToken, nonce: 'nonce-1' });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('NoAccess');
    expect(await query(t, sql`select count(*)::int as n from sessions`)).toEqual(sessions);
  });

  it('refuses a token for another audience, a wrong nonce, a tampered or a garbage token (401 NoAccess)', async () => {
    const idToken = await token('admin@operator.example', 'n-9');
    const wrongAudience = await sso(other, { idToken, nonce: 'n-9' });
    expect(wrongAudience.statusCode).toBe(401);
    expect(wrongAudience.json().detail).toBe('NoAccess');

    expect((await sso(t, { idToken, nonce: 'other-nonce' })).statusCode).toBe(401);

    const [header, payload, signature] = idToken.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...decodeJwt(idToken), email: 'manager@acme.example' }),
    ).toString('base64url');
    expect(payload).not.toBe(forged);
    expect((await sso(t, { idToken: `${header}.${forged}.${signature}`, nonce: 'n-9' })).statusCode).toBe(
      401,
    );
    expect((await sso(t, { idToken: 'not.a.token', nonce: 'n-9' })).json().detail).toBe('NoAccess');
  });
});
