import {
  createdApiKeySchema,
  type FeatureName,
  SCIM_CONTENT_TYPE,
  SCIM_ERROR_SCHEMA,
  SCIM_LIST_SCHEMA,
  SCIM_PATCH_SCHEMA,
  SCIM_USER_SCHEMA,
  scimUserListSchema,
  scimUserSchema,
  userAccountSchema,
} from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/identity/password-hashing.js';
import { type AuthHeaders, apiFor } from './api-client.js';
import { accountWith, clientWith, roleWith, type TestSite } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { problemOf, ukDay } from './permit-fixture.js';
import { bearerFor } from './sign-in-as.js';
import { linkIn, startSmtpInbox } from './smtp-inbox.js';
import { buildSecondInstance, buildTestApp, type TestApp } from './test-app.js';

const PASSWORD = 'Scim-test-pass-1';

/**
 * SCIM 2.0 (issue 26, decision 46): a key holding Users.Add provisions its company's accounts with the
 * role and sites of its mapping, through the user-accounts service (same rules, same audit rows naming
 * the key); deactivation stops sign-in and every session at once in every process; discovery answers
 * as RFC 7643/7644 say; keys only, and only within the key's reach.
 */
describe('SCIM provisioning', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let second: Awaited<ReturnType<typeof buildSecondInstance>>;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let sites: TestSite[];
  const s = (i: number) => sites[i]!.number;
  let manager: AuthHeaders;
  /** The role the key's accounts get: a global one the manager may assign. */
  let clerkRole: number;
  let key: string;
  let keyId: string;
  /** Another client's account, and one of this client's at a site beyond the key. */
  let theirsId: string;
  let beyondId: string;

  const managerFeatures: FeatureName[] = [
    'Users.Add',
    'Users.View',
    'Users.Edit',
    'Users.Remove',
    'Users.ViewHistory',
    'Permits.View',
    'Permits.Add',
  ];
  const bearer = (text: string): AuthHeaders => ({ authorization: `Bearer ${text}` });
  const scimHeaders = { headers: { 'content-type': SCIM_CONTENT_TYPE } };
  /** A SCIM call with the key (or `as`), its body sent as application/scim+json. */
  const scim = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, as = key) =>
    api
      .as(bearer(as))
      .request(
        method,
        `/scim/v2${url}`,
        body === undefined ? undefined : JSON.stringify(body),
        body === undefined ? {} : scimHeaders,
      );
  const scimErrorOf = (
    res: { statusCode: number; body: string; headers: Record<string, unknown> },
    status: number,
  ) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toContain(SCIM_CONTENT_TYPE);
    const body = JSON.parse(res.body);
    expect(body).toMatchObject({ schemas: [SCIM_ERROR_SCHEMA], status: String(status) });
    expect(typeof body.detail).toBe('string');
    return body as { scimType?: string; detail: string };
  };
  const createUser = async (userName: string, fields: Record<string, unknown> = {}) => {
    const res = await scim('POST', '/Users', {
      schemas: [SCIM_USER_SCHEMA],
      userName,
      active: true,
      name: { givenName: 'Night', familyName: 'Shift' },
      emails: [{ value: userName, type: 'work', primary: true }],
      externalId: 'ext-1',
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json(scimUserSchema);
  };
  const keyBody = (fields: Record<string, unknown> = {}) => ({
    name: 'Entra ID',
    expiresOn: ukDay(30),
    features: ['Users.Add'],
    access: [s(0), s(1)],
    scimRoleId: clerkRole,
    scimAccess: [s(0)],
    ...fields,
  });
  const auditOf = (userId: string) =>
    selectRows<{ type: string; description: string; actor_email: string; api_key_id: string | null }>(
      t.database.db,
      sql`select type, description, actor_email, details->>'apiKeyId' as api_key_id
          from audit_events where subject_user_id = ${userId} order by id`,
    );
  const uniqueName = (() => {
    let n = 0;
    return (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}@scim.example`;
  })();

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await buildTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_URL: 'http://portal.test' } });
    second = await buildSecondInstance(t);
    sites = (await clientWith(t, { sites: 3 })).sites;
    manager = (await accountWith(t, { features: managerFeatures, access: [s(0), s(1)] })).headers;
    clerkRole = await roleWith(t, ['Permits.View', 'Permits.Add']);
    const created = await api.as(manager).post('/api/api-keys', keyBody());
    expect(created.statusCode, created.body).toBe(201);
    ({ key, id: keyId } = created.json(createdApiKeySchema));
    const other = await clientWith(t, { sites: 1 });
    theirsId = (await accountWith(t, { roles: [clerkRole], access: [other.sites[0]!.number] })).userId;
    beyondId = (await accountWith(t, { roles: [clerkRole], access: [s(2)] })).userId;
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
    await inbox?.close();
  });

  describe('the key and its mapping', () => {
    it('is set on the key and shown in the list', async () => {
      const listed = (await api.as(manager).get('/api/api-keys')).json();
      const shown = listed.rows.find((k: { id: string }) => k.id === keyId);
      expect(shown.scim).toMatchObject({ roleId: clerkRole, access: [s(0)] });
      expect(shown.scim.roleName).toEqual(expect.any(String));
      const plain = await api
        .as(manager)
        .post(
          '/api/api-keys',
          keyBody({ features: ['Permits.View'], scimRoleId: undefined, scimAccess: undefined }),
        );
      expect(plain.json(createdApiKeySchema).scim).toBeNull();
    });

    it('refuses a role or sites beyond the key’s reach, and Users.Add without a mapping', async () => {
      const mightier = await roleWith(t, ['Permits.View', 'Tickets.Reduce']);
      const otherClient = await clientWith(t, { sites: 1 });
      const [theirRole] = await selectRows<{ id: number }>(
        t.database.db,
        sql`insert into roles (name, company_id) values ('Their clerk', ${otherClient.company.id}) returning id`,
      );
      expect(
        problemOf(await api.as(manager).post('/api/api-keys', keyBody({ scimRoleId: mightier })), 400).errors,
      ).toEqual({ scimRoleId: ['You cannot assign this role.'] });
      expect(
        problemOf(await api.as(manager).post('/api/api-keys', keyBody({ scimRoleId: theirRole!.id })), 400)
          .errors,
      ).toEqual({ scimRoleId: ['You cannot assign this role.'] });
      expect(
        problemOf(await api.as(manager).post('/api/api-keys', keyBody({ scimRoleId: 999_999 })), 400).errors,
      ).toEqual({ scimRoleId: ['You cannot assign this role.'] });
      expect(
        problemOf(await api.as(manager).post('/api/api-keys', keyBody({ scimAccess: [s(2)] })), 400).errors,
      ).toEqual({ 'scimAccess.0': ['Choose among the key’s own sites and groups.'] });
      expect(
        problemOf(
          await api.as(manager).post('/api/api-keys', keyBody({ scimRoleId: undefined, scimAccess: [] })),
          400,
        ).errors,
      ).toEqual({
        scimRoleId: ['Choose the role of the accounts the key adds.'],
        scimAccess: ['Choose at least one site or group for the accounts the key adds.'],
      });
    });
  });

  describe('users', () => {
    it('creates an account with the mapped role and sites, invites it and audits it naming the key', async () => {
      const userName = uniqueName('Create');
      const res = await scim('POST', '/Users', {
        schemas: [SCIM_USER_SCHEMA],
        userName,
        active: true,
        name: { givenName: 'Night', familyName: 'Shift' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['content-type']).toContain(SCIM_CONTENT_TYPE);
      const user = res.json(scimUserSchema);
      expect(user).toEqual({
        schemas: [SCIM_USER_SCHEMA],
        id: expect.any(String),
        userName,
        active: true,
        emails: [{ value: userName, type: 'work', primary: true }],
        meta: { resourceType: 'User', location: `http://portal.test/scim/v2/Users/${user.id}` },
      });
      expect(res.headers.location).toBe(user.meta.location);
      const account = (await api.as(manager).get(`/api/user/accounts/${user.id}`)).json(userAccountSchema);
      expect(account).toMatchObject({
        email: userName,
        emailConfirmed: false,
        active: true,
        access: [s(0)],
        roles: [clerkRole],
        accessAllSites: false,
      });
      const mail = await inbox.waitFor(userName, /account/i);
      expect(linkIn(mail, 'http://portal.test/')).toBeTruthy();
      expect(await auditOf(user.id)).toEqual([
        expect.objectContaining({
          type: 'AccountCreated',
          api_key_id: keyId,
          description: expect.stringContaining('through API key "Entra ID")'),
        }),
      ]);

      // The same address again (in any case) is SCIM's uniqueness conflict; a non-address is refused.
      const again = scimErrorOf(
        await api
          .as(bearer(key))
          .post('/scim/v2/Users', JSON.stringify({ userName: userName.toUpperCase() }), {
            headers: { 'content-type': `${SCIM_CONTENT_TYPE}; charset=utf-8` },
          }),
        409,
      );
      expect(again.scimType).toBe('uniqueness');
      // Two at once for one new address: one account, and the other hears uniqueness.
      const racing = uniqueName('Race');
      const both = await Promise.all([
        scim('POST', '/Users', { userName: racing }),
        scim('POST', '/Users', { userName: racing }),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(scimErrorOf(both.find((r) => r.statusCode === 409)!, 409).scimType).toBe('uniqueness');
      expect(scimErrorOf(await scim('POST', '/Users', { userName: 'not an address' }), 400).scimType).toBe(
        'invalidValue',
      );
      expect(scimErrorOf(await scim('POST', '/Users', { active: true }), 400).scimType).toBe('invalidValue');
    });

    it('reads one account by id, 404 for an unknown one', async () => {
      const created = await createUser(uniqueName('Get'));
      const res = await scim('GET', `/Users/${created.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain(SCIM_CONTENT_TYPE);
      expect(res.json(scimUserSchema)).toEqual(created);
      scimErrorOf(await scim('GET', '/Users/00000000-0000-4000-8000-000000000000'), 404);
      scimErrorOf(await scim('GET', '/Users/not-a-uuid'), 404);
    });

    it('filters by userName eq, in any case, and pages by startIndex and count within the server’s bound', async () => {
      const names = [uniqueName('Filter'), uniqueName('Filter'), uniqueName('Filter')];
      const users = [];
      for (const name of names) users.push(await createUser(name));
      const found = await scim(
        'GET',
        `/Users?filter=${encodeURIComponent(`userName Eq "${names[1]!.toUpperCase()}"`)}`,
      );
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json(scimUserListSchema)).toEqual({
        schemas: [SCIM_LIST_SCHEMA],
        totalResults: 1,
        startIndex: 1,
        itemsPerPage: 1,
        Resources: [users[1]],
      });
      const none = (
        await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "nobody@scim.example"')}`)
      ).json(scimUserListSchema);
      expect(none).toMatchObject({ totalResults: 0, itemsPerPage: 0, Resources: [] });
      expect(
        scimErrorOf(await scim('GET', `/Users?filter=${encodeURIComponent('displayName co "x"')}`), 400)
          .scimType,
      ).toBe('invalidFilter');

      const all = (await scim('GET', '/Users')).json(scimUserListSchema);
      expect(all.totalResults).toBeGreaterThanOrEqual(3);
      expect(all.itemsPerPage).toBe(Math.min(all.totalResults, 100));
      const page = (await scim('GET', '/Users?startIndex=2&count=1')).json(scimUserListSchema);
      expect(page).toMatchObject({ totalResults: all.totalResults, startIndex: 2, itemsPerPage: 1 });
      expect(page.Resources).toEqual([all.Resources[1]]);
      // Below 1 reads as 1; a count above the bound is bounded, a negative one is 0 (RFC 7644 3.4.2.4).
      const bounded = (await scim('GET', '/Users?startIndex=-4&count=100000')).json(scimUserListSchema);
      expect(bounded.startIndex).toBe(1);
      expect(bounded.itemsPerPage).toBeLessThanOrEqual(100);
      const counted = (await scim('GET', '/Users?count=-1')).json(scimUserListSchema);
      expect(counted).toMatchObject({ totalResults: all.totalResults, itemsPerPage: 0, Resources: [] });
    });

    it('replaces the address (unconfirmed again, invited, audited) and keeps the grants', async () => {
      const created = await createUser(uniqueName('Replace'));
      const renamed = uniqueName('Renamed');
      const res = await scim('PUT', `/Users/${created.id}`, {
        schemas: [SCIM_USER_SCHEMA],
        userName: renamed,
        active: true,
        name: { givenName: 'Day', familyName: 'Shift' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(scimUserSchema)).toMatchObject({ id: created.id, userName: renamed, active: true });
      const account = (await api.as(manager).get(`/api/user/accounts/${created.id}`)).json(userAccountSchema);
      expect(account).toMatchObject({ email: renamed, access: [s(0)], roles: [clerkRole], active: true });
      await inbox.waitFor(renamed, /account|address/i);
      expect((await auditOf(created.id)).map((e) => [e.type, e.api_key_id])).toEqual([
        ['AccountCreated', keyId],
        ['EmailChanged', keyId],
      ]);
      // A PUT with nothing changed writes nothing; one with active false deactivates.
      await scim('PUT', `/Users/${created.id}`, { userName: renamed, active: true });
      expect(await auditOf(created.id)).toHaveLength(2);
      const off = await scim('PUT', `/Users/${created.id}`, { userName: renamed, active: false });
      expect(off.json(scimUserSchema).active).toBe(false);
      expect((await auditOf(created.id)).at(-1)?.type).toBe('AccountDeactivated');
    });

    it('deactivates by PATCH as Entra sends it: no more sign-in, and its sessions end at once in every process', async () => {
      const userName = uniqueName('Leaver');
      const created = await createUser(userName);
      // The invitee has set a password (as the invitation's link does).
      await t.database.db.execute(
        sql`update users set password_hash = ${await hashPassword(PASSWORD)}, email_confirmed = true
            where id = ${created.id}`,
      );
      const login = () => api.post('/api/user/login', { email: userName, password: PASSWORD });
      expect((await login()).statusCode).toBe(200);
      const session = await bearerFor(t, userName);
      const other = apiFor({ app: second.app });
      expect((await api.as(session).get('/api/user/info')).statusCode).toBe(200);
      expect((await other.as(session).get('/api/user/info')).statusCode).toBe(200);

      const patched = await scim('PATCH', `/Users/${created.id}`, {
        schemas: [SCIM_PATCH_SCHEMA],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json(scimUserSchema)).toMatchObject({ id: created.id, active: false });

      problemOf(await other.as(session).get('/api/user/info'), 401);
      problemOf(await api.as(session).get('/api/user/info'), 401);
      expect((await login()).statusCode).toBe(401);
      expect((await scim('GET', `/Users/${created.id}`)).json(scimUserSchema).active).toBe(false);
      const onScreen = (await api.as(manager).get(`/api/user/accounts/${created.id}`)).json(
        userAccountSchema,
      );
      expect(onScreen.active).toBe(false);
      expect((await auditOf(created.id)).at(-1)).toMatchObject({
        type: 'AccountDeactivated',
        api_key_id: keyId,
        description: expect.stringContaining('through API key "Entra ID"'),
      });

      // Okta's form: a value object without a path, a JSON boolean; the account signs in again.
      const back = await scim('PATCH', `/Users/${created.id}`, {
        schemas: [SCIM_PATCH_SCHEMA],
        Operations: [{ op: 'replace', value: { active: true } }],
      });
      expect(back.json(scimUserSchema).active).toBe(true);
      expect((await login()).statusCode).toBe(200);
      // The old session stays ended.
      problemOf(await api.as(session).get('/api/user/info'), 401);
    });

    it('patches names and e-mails as Entra sends them (accepted, not kept) and refuses malformed operations', async () => {
      const created = await createUser(uniqueName('Patch'));
      const res = await scim('PATCH', `/Users/${created.id}`, {
        schemas: [SCIM_PATCH_SCHEMA],
        Operations: [
          { op: 'Replace', path: 'name.givenName', value: 'Morning' },
          { op: 'Replace', path: 'name.familyName', value: 'Crew' },
          { op: 'Replace', path: 'emails[type eq "work"].value', value: 'other@scim.example' },
          { op: 'Add', path: 'displayName', value: 'Morning Crew' },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(scimUserSchema)).toEqual(created);
      expect(await auditOf(created.id)).toHaveLength(1);
      const renamed = uniqueName('Patched');
      const byPath = await scim('PATCH', `/Users/${created.id}`, {
        Operations: [{ op: 'Replace', path: 'userName', value: renamed }],
      });
      expect(byPath.json(scimUserSchema).userName).toBe(renamed);
      for (const [operation, scimType] of [
        [{ op: 'Replace', path: 'active', value: 'maybe' }, 'invalidValue'],
        [{ op: 'Remove', path: 'active' }, 'mutability'],
        [{ op: 'Replace', value: 'False' }, 'noTarget'],
        [{ op: 'Replace', path: 'a b', value: 1 }, 'invalidPath'],
        [{ op: 'Move', path: 'active', value: true }, 'invalidValue'],
      ] as const) {
        const refused = scimErrorOf(
          await scim('PATCH', `/Users/${created.id}`, { Operations: [operation] }),
          400,
        );
        expect(refused.scimType, JSON.stringify(operation)).toBe(scimType);
      }
    });

    it('deletes as the screen removes: gone from SCIM and the screen, sessions ended, audited naming the key', async () => {
      const userName = uniqueName('Deleted');
      const created = await createUser(userName);
      const session = await bearerFor(t, userName);
      expect((await api.as(session).get('/api/user/info')).statusCode).toBe(200);
      const res = await scim('DELETE', `/Users/${created.id}`);
      expect(res.statusCode, res.body).toBe(204);
      scimErrorOf(await scim('GET', `/Users/${created.id}`), 404);
      scimErrorOf(await scim('DELETE', `/Users/${created.id}`), 404);
      problemOf(await api.as(manager).get(`/api/user/accounts/${created.id}`), 404);
      problemOf(await apiFor({ app: second.app }).as(session).get('/api/user/info'), 401);
      expect((await auditOf(created.id)).at(-1)).toMatchObject({
        type: 'AccountRemoved',
        api_key_id: keyId,
        description: expect.stringContaining('through API key "Entra ID"'),
      });
      // The address is free again: the directory can provision it anew.
      await createUser(userName);
    });
  });

  describe('reach', () => {
    it('answers 404 for another company’s account and one beyond the key’s sites, and lists neither', async () => {
      for (const id of [theirsId, beyondId]) {
        scimErrorOf(await scim('GET', `/Users/${id}`), 404);
        scimErrorOf(await scim('PUT', `/Users/${id}`, { userName: uniqueName('X'), active: false }), 404);
        scimErrorOf(
          await scim('PATCH', `/Users/${id}`, {
            Operations: [{ op: 'replace', path: 'active', value: false }],
          }),
          404,
        );
        scimErrorOf(await scim('DELETE', `/Users/${id}`), 404);
      }
      const [theirs] = await selectRows<{ email: string; deactivated_at: unknown; removed_at: unknown }>(
        t.database.db,
        sql`select email, deactivated_at, removed_at from users where id = ${theirsId}`,
      );
      expect(theirs).toMatchObject({ deactivated_at: null, removed_at: null });
      const listed = (
        await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${theirs!.email}"`)}`)
      ).json(scimUserListSchema);
      expect(listed.totalResults).toBe(0);
      const all = (await scim('GET', '/Users?count=100')).json(scimUserListSchema);
      expect(all.Resources.map((u) => u.id)).not.toContain(theirsId);
      expect(all.Resources.map((u) => u.id)).not.toContain(beyondId);
    });

    it('stays within what the key’s creator holds now: a role feature they lose, or their deactivation, stops it', async () => {
      const account = await accountWith(t, { features: managerFeatures, access: [s(0), s(1)] });
      const created = await api.as(account.headers).post('/api/api-keys', keyBody({ name: 'Okta' }));
      const theirKey = created.json(createdApiKeySchema).key;
      const scimAs = (body: unknown) => scim('POST', '/Users', body, theirKey);
      expect((await scimAs({ userName: uniqueName('Held') })).statusCode).toBe(201);
      // The creator loses Permits.Add, which the mapped role holds: the role is beyond the key now.
      await t.database.db.execute(
        sql`delete from role_features where feature = 'Permits.Add'
            and role_id in (select role_id from user_roles where user_id = ${account.userId})`,
      );
      const refused = scimErrorOf(await scimAs({ userName: uniqueName('Lost') }), 400);
      expect(refused.detail).toContain('roles');
      // A deactivated creator's keys stop, as a removed creator's do (decision 43).
      await t.database.db.execute(sql`update users set deactivated_at = now() where id = ${account.userId}`);
      scimErrorOf(await scim('GET', '/ServiceProviderConfig', undefined, theirKey), 401);
    });

    it('takes keys holding Users.Add only: another key, a signed-in manager and nobody are refused', async () => {
      const plain = (
        await api.as(manager).post('/api/api-keys', {
          name: 'Rota',
          expiresOn: ukDay(30),
          features: ['Permits.View'],
          access: [s(0)],
        })
      ).json(createdApiKeySchema).key;
      for (const url of ['/Users', '/ServiceProviderConfig', '/Schemas', '/ResourceTypes']) {
        expect(scimErrorOf(await scim('GET', url, undefined, plain), 403).detail).toBe(
          'SCIM takes an API key holding Users.Add.',
        );
        const asManager = await api.as(manager).get(`/scim/v2${url}`);
        scimErrorOf(asManager, 403);
        scimErrorOf(await api.get(`/scim/v2${url}`), 401);
      }
      scimErrorOf(await scim('POST', '/Users', { userName: uniqueName('Nope') }, plain), 403);
      // A key never reaches the user, role, key or settings administration, Users.Add or not.
      for (const url of ['/api/user/accounts', '/api/application/roles', '/api/api-keys', '/api/user/info']) {
        problemOf(await api.as(bearer(key)).get(url), 403);
      }
    });
  });

  it('counts a SCIM key’s requests like any key’s: 429 with Retry-After past its limit, in SCIM’s error schema', async () => {
    const limited = await buildSecondInstance(t, { API_KEY_REQUESTS_PER_MINUTE: 2 });
    try {
      const created = await api.as(manager).post('/api/api-keys', keyBody({ name: 'Okta' }));
      const okta = bearer(created.json(createdApiKeySchema).key);
      const asOkta = apiFor({ app: limited.app }).as(okta);
      expect((await asOkta.get('/scim/v2/ServiceProviderConfig')).statusCode).toBe(200);
      expect((await asOkta.get('/scim/v2/Users?count=1')).statusCode).toBe(200);
      const refused = await asOkta.get('/scim/v2/Users?count=1');
      expect(scimErrorOf(refused, 429).detail).toContain('requests a minute');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  describe('discovery', () => {
    it('answers ServiceProviderConfig, ResourceTypes and Schemas as RFC 7643 and 7644 say', async () => {
      const config = await scim('GET', '/ServiceProviderConfig');
      expect(config.statusCode, config.body).toBe(200);
      expect(config.headers['content-type']).toContain(SCIM_CONTENT_TYPE);
      expect(config.json()).toMatchObject({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
        patch: { supported: true },
        bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
        filter: { supported: true, maxResults: 100 },
        changePassword: { supported: false },
        sort: { supported: false },
        etag: { supported: false },
        authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken', primary: true })],
        meta: { resourceType: 'ServiceProviderConfig' },
      });

      const types = (await scim('GET', '/ResourceTypes')).json();
      expect(types).toMatchObject({
        schemas: [SCIM_LIST_SCHEMA],
        totalResults: 1,
        Resources: [
          {
            schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
            id: 'User',
            name: 'User',
            endpoint: '/Users',
            schema: SCIM_USER_SCHEMA,
            meta: { resourceType: 'ResourceType', location: 'http://portal.test/scim/v2/ResourceTypes/User' },
          },
        ],
      });
      expect((await scim('GET', '/ResourceTypes/User')).json()).toEqual(types.Resources[0]);
      scimErrorOf(await scim('GET', '/ResourceTypes/Group'), 404);

      const schemas = (await scim('GET', '/Schemas')).json();
      expect(schemas).toMatchObject({ schemas: [SCIM_LIST_SCHEMA], totalResults: 1 });
      const [user] = schemas.Resources;
      expect(user).toMatchObject({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
        id: SCIM_USER_SCHEMA,
        name: 'User',
        meta: { resourceType: 'Schema' },
      });
      const attributes = Object.fromEntries(
        user.attributes.map((a: { name: string }) => [a.name, a] as const),
      );
      expect(attributes.userName).toMatchObject({ type: 'string', required: true, uniqueness: 'server' });
      expect(attributes.active).toMatchObject({ type: 'boolean', multiValued: false });
      expect(attributes.emails).toMatchObject({ type: 'complex', multiValued: true });
      expect((await scim('GET', `/Schemas/${SCIM_USER_SCHEMA}`)).json()).toEqual(user);
      scimErrorOf(await scim('GET', '/Schemas/urn:example:unknown'), 404);
      scimErrorOf(await scim('GET', '/Groups'), 404);
    });

    it('is in the OpenAPI document with the apiKey scheme only', async () => {
      const doc = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown }>> };
      for (const [path, method] of [
        ['/scim/v2/Users', 'get'],
        ['/scim/v2/Users', 'post'],
        ['/scim/v2/Users/{id}', 'get'],
        ['/scim/v2/Users/{id}', 'put'],
        ['/scim/v2/Users/{id}', 'patch'],
        ['/scim/v2/Users/{id}', 'delete'],
        ['/scim/v2/ServiceProviderConfig', 'get'],
        ['/scim/v2/Schemas', 'get'],
        ['/scim/v2/ResourceTypes', 'get'],
      ] as const) {
        expect(doc.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([{ apiKey: [] }]);
      }
      // Bodies and answers are SCIM's media type; errors are documented in SCIM's error schema.
      const post = doc.paths['/scim/v2/Users']?.post as unknown as {
        requestBody: { content: Record<string, unknown> };
        responses: Record<string, { content?: Record<string, { schema?: { properties?: object } }> }>;
      };
      expect(Object.keys(post.requestBody.content)).toContain(SCIM_CONTENT_TYPE);
      expect(Object.keys(post.responses['201']?.content ?? {})).toEqual([SCIM_CONTENT_TYPE]);
      for (const status of ['400', '401', '403', '409', '429']) {
        expect(
          post.responses[status]?.content?.[SCIM_CONTENT_TYPE]?.schema?.properties,
          status,
        ).toHaveProperty('scimType');
      }
    });
  });
});
