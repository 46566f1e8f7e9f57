import { allFeatureNames, operatorOnlyFeatures } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, type Caller, type Method } from './api-client.js';
import { accountWith, clientWith, type TestSite } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { bearerFor } from './sign-in-as.js';
import { buildTestApp, type TestApp } from './test-app.js';

type Role = { applicationRoleId: number; name: string; features: string[]; global: boolean };

/** No way across: one client never changes another client's roles, nor the operator's settings. */
describe('escalation: role owners and operator-only settings', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let admin: { authorization: string };
  let ids: Record<string, number>;
  /** Three clients of the test's own (the first two with a group of their sites). */
  type Client = Awaited<ReturnType<typeof clientWith>> & { group: TestSite };
  let acmeClient: Client;
  let boltClient: Client;
  let civicClient: Awaited<ReturnType<typeof clientWith>>;

  const q = <T>(query: ReturnType<typeof sql>) => selectRows<T>(t.database.db, query);
  const roles = (method: Method, url: string, caller: Caller, payload?: object) =>
    api.as(caller).request(method, `/api/application/roles${url}`, payload);
  /** Roles, their features and who holds them: what a refused role change must leave alone. */
  const roleSnapshot = () =>
    q<{ n: string }>(
      sql`select (select string_agg(id || name || coalesce(company_id::text, '-'), ',' order by id) from roles) || '/' ||
                 (select string_agg(role_id || feature, ',' order by role_id, feature) from role_features) || '/' ||
                 (select string_agg(user_id || ':' || role_id, ',' order by user_id, role_id) from user_roles) as n`,
    );
  const configSnapshot = () =>
    q<{ n: string }>(
      sql`select (select string_agg(key || value, ',' order by key) from app_config) || '/' ||
                 (select string_agg(site_or_group_number || coalesce(temporary_allowance, -1) || '.' ||
                   coalesce(permanent_allowance, -1), ',' order by site_or_group_number) from permit_allowances) || '/' ||
                 (select count(*) from audit_events) as n`,
    );

  /** A confirmed user at `access` holding exactly this role, signed in. */
  const userWithRole = async (email: string, access: string, roleId: number) => {
    const [user] = await q<{ id: string }>(
      sql`insert into users (email, email_confirmed) values (${email}, true) returning id`,
    );
    await t.database.db.execute(sql`insert into user_roles values (${user!.id}, ${roleId})`);
    await t.database.db.execute(
      access.startsWith('SG')
        ? sql`insert into user_access (user_id, group_number) values (${user!.id}, ${access})`
        : sql`insert into user_access (user_id, site_number) values (${user!.id}, ${access})`,
    );
    return bearerFor(t, email);
  };
  const globalRole = async (name: string, parent: string, features: string[]) => {
    const res = await roles('POST', '', admin, { name, parentApplicationRoleId: ids[parent], features });
    expect(res.statusCode).toBe(201);
    return res.json().applicationRoleId as number;
  };

  beforeAll(async () => {
    t = await buildTestApp({ env: { PERMIT_DIGEST_ENABLED: 'false' } });
    admin = (await accountWith(t, { features: allFeatureNames, access: 'all' })).headers;
    acmeClient = (await clientWith(t, { sites: 1, group: true })) as Client;
    boltClient = (await clientWith(t, { sites: 1, group: true })) as Client;
    civicClient = await clientWith(t, { sites: 1 });
    const all: Role[] = (await roles('GET', '', admin)).json();
    ids = Object.fromEntries(all.map((r) => [r.name, r.applicationRoleId]));
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('roles have an owner', () => {
    let acmeKeeper: { authorization: string };
    let boltKeeper: { authorization: string };
    let sharedId: number;

    beforeAll(async () => {
      const keeper = await globalRole('Role Keeper', 'Administrator', [
        'Roles.View',
        'Roles.Add',
        'Roles.Edit',
        'Roles.Remove',
        'Users.View',
        'Users.Add',
        'Users.Edit',
        'Permits.View',
      ]);
      acmeKeeper = await userWithRole('keeper@acme.example', acmeClient.group.number, keeper);
      boltKeeper = await userWithRole('keeper@bolt.example', boltClient.group.number, keeper);
      sharedId = await globalRole('Shared Viewer', 'Client Manager', ['Permits.View']);
      await userWithRole('viewer@bolt.example', boltClient.sites[0]!.number, sharedId);
      await userWithRole('viewer@civic.example', civicClient.sites[0]!.number, sharedId);
    });

    it('lets a client user read a global role but not change or remove it', async () => {
      const shared = await roles('GET', `/${sharedId}`, acmeKeeper);
      expect(shared.statusCode).toBe(200);
      expect(shared.json()).toMatchObject({ name: 'Shared Viewer', global: true });
      const before = await roleSnapshot();
      const grown = await roles('PUT', `/${sharedId}`, acmeKeeper, {
        name: 'Shared Viewer',
        features: ['Permits.View', 'Users.View'],
      });
      expect(grown.statusCode).toBe(403);
      expect((await roles('DELETE', `/${sharedId}`, acmeKeeper)).statusCode).toBe(403);
      expect(await roleSnapshot()).toEqual(before);
      const bolt = await bearerFor(t, 'viewer@bolt.example');
      const info = (await api.as(bolt).get('/api/user/info')).json();
      expect(info.features.map((f: { normalizedName: string }) => f.normalizedName)).not.toContain(
        'Users.View',
      );
    });

    it('gives a role made by a client user to that client alone', async () => {
      const made = await roles('POST', '', acmeKeeper, {
        name: 'Acme Desk',
        parentApplicationRoleId: sharedId,
        features: ['Permits.View'],
      });
      expect(made.statusCode).toBe(201);
      expect(made.json().global).toBe(false);
      const deskId = made.json().applicationRoleId as number;
      expect((await roles('GET', '', acmeKeeper)).json().map((r: Role) => r.name)).toContain('Acme Desk');
      expect((await roles('GET', '', boltKeeper)).json().map((r: Role) => r.name)).not.toContain('Acme Desk');

      const before = await roleSnapshot();
      expect((await roles('GET', `/${deskId}`, boltKeeper)).statusCode).toBe(404);
      const renamed = await roles('PUT', `/${deskId}`, boltKeeper, { name: 'Bolt Desk', features: [] });
      expect(renamed.statusCode).toBe(404);
      expect((await roles('DELETE', `/${deskId}`, boltKeeper)).statusCode).toBe(404);
      const child = await roles('POST', '', boltKeeper, {
        name: 'Under Acme',
        parentApplicationRoleId: deskId,
        features: [],
      });
      expect(child.statusCode).toBe(400);
      const assigned = await api.as(boltKeeper).post('/api/user/accounts', {
        email: 'desk@bolt.example',
        access: [boltClient.sites[0]!.number],
        roles: [deskId],
      });
      expect(assigned.statusCode).toBe(400);
      expect(assigned.json().errors.roles).toBeDefined();
      expect(await roleSnapshot()).toEqual(before);

      const edited = await roles('PUT', `/${deskId}`, acmeKeeper, { name: 'Acme Front Desk', features: [] });
      expect(edited.statusCode).toBe(200);
      expect((await roles('GET', `/${deskId}`, admin)).json()).toMatchObject({
        name: 'Acme Front Desk',
        global: false,
      });
      expect((await roles('DELETE', `/${deskId}`, acmeKeeper)).statusCode).toBe(204);
    });

    it('names roles per owner: two clients may each have the same name, one client not twice', async () => {
      const add = (caller: Caller, name: string) =>
        roles('POST', '', caller, { name, parentApplicationRoleId: sharedId, features: ['Permits.View'] });
      const acme = await add(acmeKeeper, 'Gate Staff');
      expect(acme.statusCode).toBe(201);
      // Bolt learns nothing of Acme's role: the same name is simply free for Bolt.
      const bolt = await add(boltKeeper, 'Gate Staff');
      expect(bolt.statusCode).toBe(201);
      expect(bolt.json()).toMatchObject({ name: 'Gate Staff', global: false });
      // The operator's global roles are a namespace of their own.
      const global = await add(admin, 'Gate Staff');
      expect(global.statusCode).toBe(201);
      expect(global.json().global).toBe(true);

      const twice = await add(acmeKeeper, 'gate staff');
      expect(twice.statusCode).toBe(400);
      expect(twice.json().errors.name).toEqual(['A role with this name already exists.']);
      const other = await add(acmeKeeper, 'Acme Gate');
      expect(other.statusCode).toBe(201);
      const renamed = await roles('PUT', `/${other.json().applicationRoleId}`, acmeKeeper, {
        name: 'GATE STAFF',
        features: ['Permits.View'],
      });
      expect(renamed.statusCode).toBe(400);
      expect(renamed.json().errors.name).toEqual(['A role with this name already exists.']);
      expect((await add(admin, 'Gate Staff')).statusCode).toBe(400);
      // Renaming a Bolt role to a name Acme uses is no clash either.
      const boltOther = await add(boltKeeper, 'Bolt Gate');
      const boltRenamed = await roles('PUT', `/${boltOther.json().applicationRoleId}`, boltKeeper, {
        name: 'Acme Gate',
        features: ['Permits.View'],
      });
      expect(boltRenamed.statusCode).toBe(200);

      for (const made of [acme, bolt, global, other, boltOther]) {
        const id = made.json().applicationRoleId as number;
        expect((await roles('DELETE', `/${id}`, admin)).statusCode).toBe(204);
      }
    });

    it('keeps a role name unique within one owner in the database too', async () => {
      const acmeCompany = acmeClient.company;
      const insert = (name: string) =>
        t.database.db.execute(
          sql`insert into roles (name, parent_id, company_id) values (${name}, ${sharedId}, ${acmeCompany!.id})`,
        );
      await insert('Twin Role');
      await expect(insert('twin role')).rejects.toThrow();
      await t.database.db.execute(sql`delete from roles where lower(name) = 'twin role'`);
    });
  });

  describe('operator-wide settings and permit allowances are the operator’s', () => {
    const postConfig = (caller: Caller, config: Record<string, string>) =>
      api.as(caller).post('/api/application/config', { config });
    const putAllowances = (caller: Caller, payload: unknown) =>
      api.as(caller).put('/api/permits/allowances', payload as never);
    const everySetting: Record<string, string> = {
      PermanentPermitYears: '5',
      PermitExpiredDays: '2',
      TicketReduceDays: '30',
      WelcomeMessage: 'Hello from a client',
      LatestNewsMessageHeading: 'News',
      ApplicationOfflineDate: '2020-01-01T00:00:00Z',
      SignInBannerHeading: 'Banner',
    };

    it('refuses the demo client managers, writing nothing', async () => {
      const bolt = await bearerFor(t, 'manager@bolt.example');
      const acme = await bearerFor(t, 'manager@acme.example');
      const before = await configSnapshot();
      expect((await postConfig(bolt, { TicketReduceDays: '30' })).statusCode).toBe(403);
      const cap = await putAllowances(acme, [
        { site_SiteGroupNumber: '1005', temporaryAllowance: 1000, permanentAllowance: 1000 },
      ]);
      expect(cap.statusCode).toBe(403);
      expect(await configSnapshot()).toEqual(before);
    });

    it('refuses a client user whatever features their role holds', async () => {
      const operatorRole = await globalRole('Settings Holder', 'Administrator', [...operatorOnlyFeatures]);
      const client = await userWithRole('settings@bolt.example', boltClient.group.number, operatorRole);
      const before = await configSnapshot();
      for (const [key, value] of Object.entries(everySetting)) {
        expect((await postConfig(client, { [key]: value })).statusCode, key).toBe(403);
      }
      const cap = await putAllowances(client, [
        {
          site_SiteGroupNumber: boltClient.sites[0]!.number,
          temporaryAllowance: 1000,
          permanentAllowance: 1000,
        },
      ]);
      expect(cap.statusCode).toBe(403);
      expect(await configSnapshot()).toEqual(before);
      const info = (await api.as(client).get('/api/user/info')).json();
      expect(info.features).toEqual([expect.objectContaining({ normalizedName: 'Self.View' })]);

      // The same role at all sites (operator staff) changes them.
      const staff = await userWithRole(
        'settings@operator.example',
        acmeClient.sites[0]!.number,
        operatorRole,
      );
      await t.database.db.execute(
        sql`update users set access_all_sites = true where email = 'settings@operator.example'`,
      );
      expect((await postConfig(staff, { TicketReduceDays: '21' })).statusCode).toBe(200);
    });

    it('keeps operator-only features out of the demo Client Manager role', async () => {
      const [row] = await q<{ features: string[] }>(
        sql`select coalesce(json_agg(rf.feature), '[]'::json) as features from role_features rf
            join roles r on r.id = rf.role_id where r.name = 'Client Manager'`,
      );
      for (const feature of operatorOnlyFeatures) expect(row!.features).not.toContain(feature);
    });
  });
});
