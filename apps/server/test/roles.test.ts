import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, type Caller, type Method } from './api-client.js';
import { clientWith } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { bearerFor } from './sign-in-as.js';
import { buildTestApp, type TestApp } from './test-app.js';

type Role = {
  applicationRoleId: number;
  name: string;
  parentApplicationRoleId: number | null;
  features: string[];
};

describe('roles: /api/application/roles', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let admin: { authorization: string };
  let manager: { authorization: string };
  let ids: Record<string, number>;

  const call = (method: Method, url: string, caller: Caller, payload?: object) =>
    api.as(caller).request(method, `/api/application/roles${url}`, payload);
  const count = async (table: string) => {
    const [row] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ${sql.raw(table)}`,
    );
    return row!.n;
  };
  /** A user holding exactly this role at a site of the test's own, for acting with a given feature set. */
  const userWithRole = async (email: string, roleId: number, flags: string[] = []) => {
    const [user] = await selectRows<{ id: string }>(
      t.database.db,
      sql`insert into users (email, email_confirmed) values (${email}, true) returning id`,
    );
    await t.database.db.execute(sql`insert into user_roles values (${user!.id}, ${roleId})`);
    await t.database.db.execute(
      sql`insert into user_access (user_id, site_number) values (${user!.id}, ${(await clientWith(t, { sites: 1 })).sites[0]!.number})`,
    );
    for (const flag of flags)
      await t.database.db.execute(sql`insert into user_flags values (${user!.id}, ${flag})`);
    return { id: user!.id, headers: await bearerFor(t, email) };
  };

  beforeAll(async () => {
    t = await buildTestApp({ env: { PERMIT_DIGEST_ENABLED: 'false' } });
    admin = await bearerFor(t, 'admin@operator.example');
    manager = await bearerFor(t, 'manager@acme.example');
    const roles: Role[] = (await call('GET', '', admin)).json();
    ids = Object.fromEntries(roles.map((r) => [r.name, r.applicationRoleId]));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every role to a SysAdmin and only roles within their features to others', async () => {
    const all: Role[] = (await call('GET', '', admin)).json();
    expect(all.map((r) => r.name)).toEqual([
      'Administrator',
      'Client Manager',
      'Finance Viewer',
      'Permit Officer',
      'Reception Desk',
      'Site Clerk',
    ]);
    const clerk = all.find((r) => r.name === 'Site Clerk')!;
    expect(clerk).toEqual({
      applicationRoleId: ids['Site Clerk'],
      name: 'Site Clerk',
      parentApplicationRoleId: ids['Client Manager'],
      features: ['Permits.Add', 'Permits.AllPermits', 'Permits.View', 'Tickets.Cancel'],
      global: true,
    });
    const mine: Role[] = (await call('GET', '', manager)).json();
    expect(mine.map((r) => r.name)).toEqual([
      'Client Manager',
      'Finance Viewer',
      'Permit Officer',
      'Reception Desk',
      'Site Clerk',
    ]);
    expect((await call('GET', `/${ids.Administrator}`, manager)).statusCode).toBe(404);
    expect((await call('GET', `/${ids['Site Clerk']}`, manager)).json().name).toBe('Site Clerk');
    expect((await call('GET', '/999999', admin)).statusCode).toBe(404);
  });

  it('needs a Roles.* or Users.* feature to read and the matching Roles.* feature to change', async () => {
    const clerk = await bearerFor(t, 'clerk@acme.example');
    expect((await call('GET', '', clerk)).statusCode).toBe(403);
    expect((await call('GET', '', undefined)).statusCode).toBe(401);
    const body = { name: 'Nope', parentApplicationRoleId: ids['Client Manager'], features: [] };
    expect((await call('POST', '', manager, body)).statusCode).toBe(403);
    expect(
      (await call('PUT', `/${ids['Site Clerk']}`, manager, { name: 'X', features: [] })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/${ids['Site Clerk']}`, manager)).statusCode).toBe(403);
    expect((await call('GET', `/${ids['Site Clerk']}/removal`, manager)).statusCode).toBe(403);
  });

  it('adds a role under a parent with a trimmed name and features within the parent', async () => {
    const res = await call('POST', '', admin, {
      name: '  Night Clerk ',
      parentApplicationRoleId: ids['Site Clerk'],
      features: ['Permits.View', 'Permits.View'],
    });
    expect(res.statusCode).toBe(201);
    const role: Role = res.json();
    expect(role).toMatchObject({
      name: 'Night Clerk',
      parentApplicationRoleId: ids['Site Clerk'],
      features: ['Permits.View'],
    });
    expect((await call('GET', `/${role.applicationRoleId}`, admin)).json()).toEqual(role);
  });

  it('refuses invalid new roles field by field and writes nothing', async () => {
    const before = await count('roles');
    const cases: [object, string, RegExp][] = [
      [
        { name: 'site CLERK', parentApplicationRoleId: ids['Client Manager'], features: [] },
        'name',
        /already exists/,
      ],
      [{ name: '', parentApplicationRoleId: ids['Client Manager'], features: [] }, 'name', /required/],
      [
        { name: 'x'.repeat(21), parentApplicationRoleId: ids['Client Manager'], features: [] },
        'name',
        /at most 20/,
      ],
      [{ name: 'No Parent', features: [] }, 'parentApplicationRoleId', /Parent role is required/],
      [
        { name: 'Bad Parent', parentApplicationRoleId: 999_999, features: [] },
        'parentApplicationRoleId',
        /parent/,
      ],
      [
        {
          name: 'Too Much',
          parentApplicationRoleId: ids['Site Clerk'],
          features: ['Permits.View', 'Permits.Disable'],
        },
        'features',
        /Not features of the parent role Site Clerk: Permits.Disable/,
      ],
      [
        { name: 'Unknown', parentApplicationRoleId: ids['Client Manager'], features: ['Foo.Bar'] },
        'features',
        /Unknown features: Foo.Bar/,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', '', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field]?.join(' '), JSON.stringify(body)).toMatch(message);
    }
    expect(await count('roles')).toBe(before);
  });

  it('lets a role administrator without SysAdmin see and build only within their own features', async () => {
    const created = await call('POST', '', admin, {
      name: 'Role Admin',
      parentApplicationRoleId: ids.Administrator,
      features: ['Roles.View', 'Roles.Add', 'Roles.Edit', 'Roles.Remove', 'Users.View', 'Permits.View'],
    });
    const roleAdminId = created.json().applicationRoleId as number;
    const { headers } = await userWithRole('roleadmin@acme.example', roleAdminId);
    const visible: Role[] = (await call('GET', '', headers)).json();
    expect(visible.map((r) => r.name).sort()).toEqual(['Night Clerk', 'Role Admin']);

    const underHidden = await call('POST', '', headers, {
      name: 'Sneaky',
      parentApplicationRoleId: ids['Client Manager'],
      features: ['Permits.View'],
    });
    expect(underHidden.statusCode).toBe(400);
    expect(underHidden.json().errors.parentApplicationRoleId).toBeDefined();

    const ok = await call('POST', '', headers, {
      name: 'Viewer',
      parentApplicationRoleId: roleAdminId,
      features: ['Permits.View'],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().global).toBe(false);
    // Its own role is global: a client user may read and assign it, never change it.
    const grow = await call('PUT', `/${roleAdminId}`, headers, {
      name: 'Role Admin',
      features: [
        'Roles.View',
        'Roles.Add',
        'Roles.Edit',
        'Roles.Remove',
        'Users.View',
        'Permits.View',
        'Users.Add',
      ],
    });
    expect(grow.statusCode).toBe(403);
    // Its client's own role under it: features outside the caller's are refused.
    const growOwn = await call('PUT', `/${ok.json().applicationRoleId}`, headers, {
      name: 'Viewer',
      features: ['Permits.View', 'Users.Add'],
    });
    expect(growOwn.statusCode).toBe(400);
    expect(growOwn.json().errors.features.join(' ')).toMatch(/You do not hold these features: Users.Add/);
    expect((await call('DELETE', `/${ids['Site Clerk']}`, headers)).statusCode).toBe(404);
  });

  it('edits name and features, never the parent, and keeps child roles within the parent', async () => {
    const clerkId = ids['Site Clerk'];
    const moved = await call('PUT', `/${clerkId}`, admin, {
      name: 'Site Clerk',
      parent: ids.Administrator,
      features: ['Permits.View', 'Permits.Add', 'Tickets.Cancel'],
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors.parent).toEqual(['The parent of a role cannot be changed.']);

    const outside = await call('PUT', `/${clerkId}`, admin, {
      name: 'Site Clerk',
      parent: ids['Client Manager'],
      features: ['Permits.View', 'Application.SysAdmin'],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors.features.join(' ')).toMatch(
      /Not features of the parent role Client Manager/,
    );

    // Night Clerk (a child of Site Clerk) holds Permits.View, so Site Clerk cannot drop it.
    const shrink = await call('PUT', `/${clerkId}`, admin, {
      name: 'Site Clerk',
      features: ['Permits.Add', 'Tickets.Cancel'],
    });
    expect(shrink.statusCode).toBe(400);
    expect(shrink.json().errors.features.join(' ')).toMatch(/child role Night Clerk .*Permits.View/);

    const rename = await call('PUT', `/${ids['Finance Viewer']}`, admin, {
      name: 'Permit officer',
      features: [],
    });
    expect(rename.json().errors.name).toEqual(['A role with this name already exists.']);

    const saved = await call('PUT', `/${clerkId}`, admin, {
      name: 'Site Clerk',
      parent: ids['Client Manager'],
      features: ['Permits.View', 'Permits.Add', 'Tickets.Cancel', 'Tickets.ViewCancelled'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().features).toEqual([
      'Permits.Add',
      'Permits.View',
      'Tickets.Cancel',
      'Tickets.ViewCancelled',
    ]);
  });

  it('drops flags its holders no longer qualify for when a role loses features, and audits it', async () => {
    const desk = await call('POST', '', admin, {
      name: 'Ticket Desk',
      parentApplicationRoleId: ids['Client Manager'],
      features: ['Tickets.Cancel', 'Permits.View'],
    });
    const deskId = desk.json().applicationRoleId as number;
    const holder = await userWithRole('desk@acme.example', deskId, [
      'TicketActionReceipts',
      'PermitExpiryDigest',
    ]);
    const res = await call('PUT', `/${deskId}`, admin, { name: 'Ticket Desk', features: ['Permits.View'] });
    expect(res.statusCode).toBe(200);
    const flags = await selectRows<{ flag: string }>(
      t.database.db,
      sql`select flag from user_flags where user_id = ${holder.id}`,
    );
    expect(flags.map((f) => f.flag)).toEqual(['PermitExpiryDigest']);
    const [audit] = await selectRows<{ description: string; actor_email: string }>(
      t.database.db,
      sql`select description, actor_email from audit_events where subject_user_id = ${holder.id} order by id desc`,
    );
    expect(audit).toEqual({
      description:
        'Flags removed: Ticket action receipts, because role Ticket Desk changed (by admin@operator.example)',
      actor_email: 'admin@operator.example',
    });
  });

  it('refuses to remove a role that users hold or that has child roles, saying why', async () => {
    const before = await count('roles');
    const manager = await call('DELETE', `/${ids['Client Manager']}`, admin);
    expect(manager.statusCode).toBe(400);
    const problem = manager.json();
    expect(problem.detail).toMatch(/^This role is held by \d+ user accounts\. This role has child roles: /);
    expect(problem.errors.role.join(' ')).toMatch(
      /child roles: .*Finance Viewer, Permit Officer, Reception Desk, Site Clerk/,
    );

    const finance = await call('DELETE', `/${ids['Finance Viewer']}`, admin);
    expect(finance.json().detail).toBe('This role is held by 3 user accounts.');
    // The remove page asks the same question first, and offers Remove only when there is no reason.
    const check = await call('GET', `/${ids['Finance Viewer']}/removal`, admin);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ reasons: ['This role is held by 3 user accounts.'] });
    const clerk = await call('DELETE', `/${ids['Site Clerk']}`, admin);
    expect(clerk.json().errors.role).toContain('This role has child roles: Night Clerk.');
    // The remove page shows these as they are: in the page's language (Accept-Language, decision 53).
    const welsh = { headers: { 'accept-language': 'cy' } };
    const welshCheck = await api
      .as(admin)
      .get(`/api/application/roles/${ids['Finance Viewer']}/removal`, welsh);
    expect(welshCheck.json()).toEqual({ reasons: ['Mae 3 chyfrif defnyddiwr yn dal y rôl hon.'] });
    const welshClerk = await api.as(admin).delete(`/api/application/roles/${ids['Site Clerk']}`, welsh);
    expect(welshClerk.json().errors.role).toContain('Mae gan y rôl hon rolau plentyn: Night Clerk.');
    expect(await count('roles')).toBe(before);
  });

  it('removes an unused role, also one only removed accounts held', async () => {
    const night = (await call('GET', '', admin)).json().find((r: Role) => r.name === 'Night Clerk') as Role;
    const holder = await userWithRole('gone@acme.example', night.applicationRoleId);
    expect((await call('DELETE', `/${night.applicationRoleId}`, admin)).json().detail).toBe(
      'This role is held by 1 user account.',
    );
    await t.database.db.execute(sql`update users set removed_at = now() where id = ${holder.id}`);
    expect((await call('GET', `/${night.applicationRoleId}/removal`, admin)).json()).toEqual({ reasons: [] });
    const res = await call('DELETE', `/${night.applicationRoleId}`, admin);
    expect(res.statusCode).toBe(204);
    expect((await call('GET', `/${night.applicationRoleId}`, admin)).statusCode).toBe(404);
  });
});
