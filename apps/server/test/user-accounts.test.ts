import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHeaders, apiFor, type Caller, type Method } from './api-client.js';
import { selectRows } from './fixture-rows.js';
import { bearerFor } from './sign-in-as.js';
import { linkIn, startSmtpInbox } from './smtp-inbox.js';
import { buildTestApp, type TestApp } from './test-app.js';

type ListItem = {
  userId: string;
  email: string;
  access: string[];
  accessAllSites: boolean;
  roles: { name: string }[];
};

describe('user accounts: /api/user/accounts and delegated administration', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let admin: AuthHeaders & { userId: string };
  let manager: AuthHeaders & { userId: string };
  let roleIds: Record<string, number>;

  const call = (method: Method, url: string, caller: Caller, payload?: object) =>
    api.as(caller).request(method, `/api/user/accounts${url}`, payload);
  const q = <T>(query: ReturnType<typeof sql>) => selectRows<T>(t.database.db, query);
  const idOf = async (email: string) =>
    (
      await q<{ id: string }>(
        sql`select id from users where email = ${email} order by created_at desc limit 1`,
      )
    )[0]!.id;
  /** Rows that a refused change must leave as they were. */
  const snapshot = async () =>
    q<{
      n: string;
    }>(sql`select (select count(*) from users) || '/' || (select count(*) from user_roles) || '/' ||
      (select count(*) from user_access) || '/' || (select count(*) from user_flags) || '/' ||
      (select count(*) from audit_events) || '/' || (select string_agg(email || access_all_sites::text, ',' order by id)
      from users) as n`);
  const auditOf = async (userId: string, by: AuthHeaders) =>
    (await call('GET', `/${userId}/audit`, by)).json() as { timestamp: string; description: string }[];

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await buildTestApp({
      env: { SMTP_URL: inbox.url, PUBLIC_URL: 'http://portal.test', PERMIT_DIGEST_ENABLED: 'false' },
    });
    admin = await bearerFor(t, 'admin@operator.example');
    manager = await bearerFor(t, 'manager@acme.example');
    const roles = await api.as(admin).get('/api/application/roles');
    roleIds = Object.fromEntries(
      roles.json().map((r: { name: string; applicationRoleId: number }) => [r.name, r.applicationRoleId]),
    );
  });
  /** Every account of a list query, page after page by cursor (10 a page at most). */
  const listAll = async (query: string, by: AuthHeaders): Promise<ListItem[]> => {
    const rows: ListItem[] = [];
    let after = '';
    for (;;) {
      const join = query.includes('?') ? '&' : '?';
      const res = await call('GET', `${query}${after ? `${join}after=${after}` : ''}`, by);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { rows: ListItem[]; total: number; last: string | null };
      expect(page.rows.length).toBeLessThanOrEqual(10);
      rows.push(...page.rows);
      if (rows.length >= page.total || !page.last) return rows;
      after = page.last;
    }
  };
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  it('lists to a manager only live accounts whose access lies within SG01, never global ones', async () => {
    const list = await listAll('', manager);
    expect(list.map((u) => u.email)).toEqual([
      'clerk@acme.example',
      'daniel.evans@acme.example',
      'emily.clarke@acme.example',
      'james.wilson@acme.example',
      'manager@acme.example',
      'mfa@acme.example',
      'mohammed.khan@acme.example',
      'new@acme.example',
      'reception@acme.example',
      'sarah.jones@acme.example',
      'tom.baker@acme.example',
    ]);
    expect(list.find((u) => u.email === 'james.wilson@acme.example')).toEqual({
      userId: expect.any(String),
      email: 'james.wilson@acme.example',
      emailConfirmed: true,
      access: ['1004', '1005'],
      accessAllSites: false,
      roles: [{ applicationRoleId: roleIds['Site Clerk'], name: 'Site Clerk' }],
    });
    const all = await listAll('', admin);
    expect(new Set(all.map((u) => u.userId)).size).toBe(all.length);
    const emailsInOrder = all.map((u) => u.email.toLowerCase());
    expect(emailsInOrder).toEqual([...emailsInOrder].sort());
    const firstPage = (await call('GET', '', admin)).json() as { rows: ListItem[]; total: number };
    expect(firstPage.rows).toHaveLength(10);
    expect(firstPage.total).toBe(all.length);
    const backwards = await listAll('?direction=desc', admin);
    expect(backwards.map((u) => u.userId)).toEqual(all.map((u) => u.userId).reverse());
    expect(all.find((u) => u.email === 'helpdesk@operator.example')).toMatchObject({
      accessAllSites: true,
      access: [],
    });
    expect(all.some((u) => u.email === 'manager@bolt.example')).toBe(true);
  });

  it('filters by state, e-mail and site or group', async () => {
    const emails = async (query: string, by: AuthHeaders = manager) =>
      (await listAll(query, by)).map((u) => u.email);
    expect(await emails('?state=unconfirmed')).toEqual(['mohammed.khan@acme.example', 'new@acme.example']);
    expect(await emails('?emailAddress=JAMES')).toEqual(['james.wilson@acme.example']);
    expect(await emails('?siteNumbers=1004&siteNumbers=1006')).toEqual([
      'daniel.evans@acme.example',
      'emily.clarke@acme.example',
      'james.wilson@acme.example',
      'manager@acme.example',
    ]);
    expect(await emails('?siteNumbers=SG01&state=confirmed&emailAddress=clerk')).toEqual([
      'clerk@acme.example',
    ]);
    expect(await emails('?siteNumbers=SG02', admin)).toContain('helpdesk@operator.example');
    expect((await call('GET', '?state=nonsense', manager)).statusCode).toBe(400);
  });

  it('needs Users.View to list and answers an account outside the caller’s delegation as not found', async () => {
    const clerk = await bearerFor(t, 'clerk@acme.example');
    expect((await call('GET', '', clerk)).statusCode).toBe(403);
    // Mixed access (one site inside SG01, one outside) is outside the manager's delegation.
    const mixed = await call('POST', '', admin, {
      email: 'mixed@acme.example',
      access: ['1001', '1007'],
      roles: [roleIds['Site Clerk']],
    });
    expect(mixed.statusCode).toBe(201);
    const outsiders = [
      mixed.json().userId as string,
      await idOf('olivia.hughes@acme.example'),
      await idOf('priya.patel@acme.example'),
      await idOf('helpdesk@operator.example'),
      await idOf('manager@bolt.example'),
    ];
    expect((await listAll('', manager)).some((u) => u.email === 'mixed@acme.example')).toBe(false);
    const before = await snapshot();
    for (const id of outsiders) {
      expect((await call('GET', `/${id}`, manager)).statusCode).toBe(404);
      const put = await call('PUT', `/${id}`, manager, {
        email: 'x@acme.example',
        access: ['1001'],
        roles: [roleIds['Site Clerk']],
      });
      expect(put.statusCode).toBe(404);
      expect((await call('DELETE', `/${id}`, manager)).statusCode).toBe(404);
      expect((await call('POST', `/${id}/resend-confirmation`, manager)).statusCode).toBe(404);
      expect((await call('GET', `/${id}/audit`, manager)).statusCode).toBe(404);
    }
    expect((await call('GET', '/00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('shows one account with role ids and flags', async () => {
    const id = await idOf('manager@acme.example');
    const res = await call('GET', `/${id}`, admin);
    expect(res.json()).toEqual({
      userId: id,
      email: 'manager@acme.example',
      emailConfirmed: true,
      access: ['SG01'],
      accessAllSites: false,
      roles: [roleIds['Client Manager']],
      flags: ['PermitExpiryDigest', 'TicketActionReceipts'],
    });
  });

  it('refuses every escalation by a manager and writes nothing', async () => {
    const base = {
      email: 'escalate@acme.example',
      access: ['1001'],
      roles: [roleIds['Site Clerk']],
      flags: [],
    };
    const before = await snapshot();
    const cases: [object, string, RegExp, AuthHeaders?][] = [
      [{ roles: [roleIds.Administrator] }, 'roles', /cannot assign these roles/],
      [{ roles: [999_999] }, 'roles', /cannot assign these roles: 999999/],
      [{ roles: [] }, 'roles', /at least one role/],
      [{ access: ['1007'] }, 'access', /Not one of your sites or site groups: 1007/],
      [{ access: ['1001', 'SG02'] }, 'access', /: SG02\./],
      [{ access: ['9999'] }, 'access', /: 9999\./],
      [{ access: [] }, 'access', /at least one site/],
      [
        { access: undefined, accessAllSites: true, email: 'staff@operator.example' },
        'accessAllSites',
        /Only a user with access to all sites/,
      ],
      [
        { flags: ['TicketActionReceipts'], roles: [roleIds['Finance Viewer']] },
        'flags',
        /Ticket action receipts needs a role with a Tickets feature/,
      ],
      [{ flags: ['NoSuchFlag'] }, 'flags', /Unknown flag: NoSuchFlag/],
      [{ email: 'not-an-email' }, 'email', /valid e-mail/],
      [{ email: `${'a'.repeat(250)}@acme.example` }, 'email', /at most 256/],
      [{ email: 'CLERK@acme.example' }, 'email', /already exists/],
      [
        { access: undefined, accessAllSites: true, email: 'someone@acme.example' },
        'accessAllSites',
        /only to an e-mail address at operator.example/,
        admin,
      ],
    ];
    for (const [change, field, message, by] of cases) {
      const res = await call('POST', '', by ?? manager, { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors[field]?.join(' '), JSON.stringify(change)).toMatch(message);
    }
    expect((await call('POST', '', await bearerFor(t, 'clerk@acme.example'), base)).statusCode).toBe(403);

    // The same rules on an edit of an account the manager does manage.
    const tom = await idOf('tom.baker@acme.example');
    const edit = {
      email: 'tom.baker@acme.example',
      access: ['1003'],
      roles: [roleIds['Site Clerk']],
      flags: [],
    };
    const edits: [object, string][] = [
      [{ roles: [roleIds['Site Clerk'], roleIds.Administrator] }, 'roles'],
      [{ access: ['1003', '2001'] }, 'access'],
      [{ access: undefined, accessAllSites: true }, 'accessAllSites'],
      [{ email: 'sarah.jones@acme.example' }, 'email'],
    ];
    for (const [change, field] of edits) {
      const res = await call('PUT', `/${tom}`, manager, { ...edit, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(change)).toEqual([field]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses every staff-domain address to a client manager with one answer, used or free', async () => {
    // Another client's address is accepted as a free one would be: test/account-addresses.test.ts.
    const base = { access: ['1001'], roles: [roleIds['Site Clerk']], flags: [] };
    const before = await snapshot();
    const answer = async (method: 'POST' | 'PUT', url: string, email: string, by: AuthHeaders = manager) => {
      const res = await call(method, url, by, { ...base, email });
      return { status: res.statusCode, errors: res.json().errors as Record<string, string[]> };
    };
    // An operator's staff account and a staff address nobody uses: one answer.
    const staff = await answer('POST', '', 'helpdesk@operator.example');
    const staffFree = await answer('POST', '', 'nobody-yet@operator.example');
    expect(staff.status).toBe(400);
    expect(staff.errors.email).toEqual([
      'This e-mail address cannot be used for an account you manage. Use another address, or ask the operator.',
    ]);
    expect(staffFree).toEqual(staff);
    // Re-addressing an account the manager manages says the same.
    const tom = await idOf('tom.baker@acme.example');
    expect(await answer('PUT', `/${tom}`, 'helpdesk@operator.example')).toEqual(staff);
    expect(await answer('PUT', `/${tom}`, 'nobody-yet@operator.example')).toEqual(staff);
    // A duplicate in the manager's own reach is reported as it is.
    expect((await answer('POST', '', 'Sarah.Jones@acme.example')).errors.email).toEqual([
      'An account with this e-mail address already exists.',
    ]);
    // The operator's all-sites administrator is told plainly.
    expect((await answer('POST', '', 'liam.roberts@bolt.example', admin)).errors.email).toEqual([
      'An account with this e-mail address already exists.',
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to edit or remove your own account here', async () => {
    const before = await snapshot();
    const body = {
      email: 'manager@acme.example',
      access: ['SG01'],
      roles: [roleIds['Client Manager']],
      flags: [],
    };
    const put = await call('PUT', `/${manager.userId}`, manager, body);
    expect(put.statusCode).toBe(403);
    expect(put.json().detail).toBe('You cannot edit your own account here.');
    const del = await call('DELETE', `/${admin.userId}`, admin);
    expect(del.statusCode).toBe(403);
    expect(del.json().detail).toBe('You cannot remove your own account here.');
    expect(await snapshot()).toEqual(before);
  });

  it('invites a new account: unconfirmed, no password, invitation over SMTP, audited', async () => {
    const res = await call('POST', '', manager, {
      email: ' Invitee@acme.example ',
      access: ['1002', '1001', '1001'],
      roles: [roleIds['Site Clerk']],
      flags: ['TicketActionReceipts'],
    });
    expect(res.statusCode).toBe(201);
    const account = res.json();
    expect(account).toEqual({
      userId: expect.any(String),
      email: 'Invitee@acme.example',
      emailConfirmed: false,
      access: ['1001', '1002'],
      accessAllSites: false,
      roles: [roleIds['Site Clerk']],
      flags: ['TicketActionReceipts'],
    });
    const [row] = await q<{ password_hash: string | null; email_confirmed: boolean }>(
      sql`select password_hash, email_confirmed from users where id = ${account.userId}`,
    );
    expect(row).toEqual({ password_hash: null, email_confirmed: false });
    const mail = await inbox.waitFor('Invitee@acme.example', /account/i);
    expect(linkIn(mail, 'http://portal.test/user/confirm?')).toMatch(/code=.+&password=/);
    expect(await auditOf(account.userId, manager)).toEqual([
      {
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        description:
          'Account created with roles Site Clerk; sites 1001, 1002; flags Ticket action receipts (by manager@acme.example)',
      },
    ]);
    const [actor] = await q<{ actor_email: string; type: string }>(
      sql`select actor_email, type from audit_events where subject_user_id = ${account.userId}`,
    );
    expect(actor).toEqual({ actor_email: 'manager@acme.example', type: 'AccountCreated' });
    const listed = await listAll('?emailAddress=invitee', manager);
    expect(listed.map((u) => u.roles)).toEqual([
      [{ applicationRoleId: roleIds['Site Clerk'], name: 'Site Clerk' }],
    ]);

    const resend = await call('POST', `/${account.userId}/resend-confirmation`, manager);
    expect(resend.json()).toEqual({ success: true });
    await inbox.waitFor('Invitee@acme.example', /account/i);
    expect((await auditOf(account.userId, manager))[0]!.description).toBe(
      'Confirmation e-mail resent (by manager@acme.example)',
    );
    const confirmed = await call('POST', `/${await idOf('clerk@acme.example')}/resend-confirmation`, manager);
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json().detail).toBe('This e-mail address is already confirmed.');
  });

  it('edits roles, sites and flags, answering the spec’s result and auditing each change', async () => {
    const id = await idOf('Invitee@acme.example');
    const res = await call('PUT', `/${id}`, manager, {
      email: 'Invitee@acme.example',
      access: ['1001', 'SG01'],
      roles: [roleIds['Permit Officer']],
      flags: ['PermitExpiryDigest'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, isValid: true, messages: {} });
    const descriptions = (await auditOf(id, manager)).map((e) => e.description);
    expect(descriptions.slice(0, 3).sort()).toEqual([
      'Flags added: Permit expiry digest; flags removed: Ticket action receipts (by manager@acme.example)',
      'Roles added: Permit Officer; roles removed: Site Clerk (by manager@acme.example)',
      'Sites added: SG01; sites removed: 1002 (by manager@acme.example)',
    ]);
    expect((await call('GET', `/${id}`, manager)).json()).toMatchObject({
      access: ['1001', 'SG01'],
      roles: [roleIds['Permit Officer']],
      flags: ['PermitExpiryDigest'],
    });
    // Saving the same values again records nothing.
    const count = descriptions.length;
    await call('PUT', `/${id}`, manager, {
      email: 'Invitee@acme.example',
      access: ['SG01', '1001'],
      roles: [roleIds['Permit Officer']],
      flags: ['PermitExpiryDigest'],
    });
    expect(await auditOf(id, manager)).toHaveLength(count);
  });

  it('lets an all-sites user grant global access to a staff e-mail, and audits granting and removing it', async () => {
    const created = await call('POST', '', admin, {
      email: 'newstaff@operator.example',
      accessAllSites: true,
      roles: [roleIds['Finance Viewer']],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ accessAllSites: true, access: [] });
    const id = created.json().userId as string;
    await inbox.waitFor('newstaff@operator.example', /account/i);
    const toSites = await call('PUT', `/${id}`, admin, {
      email: 'newstaff@operator.example',
      accessAllSites: false,
      access: ['2001'],
      roles: [roleIds['Finance Viewer']],
    });
    expect(toSites.statusCode).toBe(200);
    const back = await call('PUT', `/${id}`, admin, {
      email: 'newstaff@operator.example',
      accessAllSites: true,
      access: ['2001'],
      roles: [roleIds['Finance Viewer']],
    });
    expect(back.statusCode).toBe(200);
    const descriptions = (await auditOf(id, admin)).map((e) => e.description);
    expect(descriptions.slice(0, 4)).toEqual(
      expect.arrayContaining([
        'Global access granted (by admin@operator.example)',
        'Sites removed: 2001 (by admin@operator.example)',
        'Global access removed (by admin@operator.example)',
        'Sites added: 2001 (by admin@operator.example)',
      ]),
    );
    expect((await call('GET', `/${id}`, admin)).json()).toMatchObject({ accessAllSites: true, access: [] });
  });

  it('re-invites on an e-mail change: the new address is unconfirmed until confirmed', async () => {
    const id = await idOf('emily.clarke@acme.example');
    const body = {
      email: 'emily.c@acme.example',
      access: ['1006'],
      roles: [roleIds['Permit Officer']],
      flags: [],
    };
    expect((await call('PUT', `/${id}`, manager, body)).statusCode).toBe(200);
    expect((await call('GET', `/${id}`, manager)).json()).toMatchObject({
      email: 'emily.c@acme.example',
      emailConfirmed: false,
    });
    const mail = await inbox.waitFor('emily.c@acme.example', /account/i);
    // She has a password already: the link only confirms the address.
    expect(linkIn(mail, 'http://portal.test/user/confirm?')).not.toMatch(/password=/);
    expect((await auditOf(id, manager))[0]!.description).toBe(
      'E-mail changed from emily.clarke@acme.example to emily.c@acme.example (by manager@acme.example)',
    );
  });

  it('applies site and role changes to the user’s very next request', async () => {
    const id = await idOf('james.wilson@acme.example');
    const james = await bearerFor(t, 'james.wilson@acme.example');
    const sites = async () =>
      (await api.as(james).get('/api/sites/accessible'))
        .json()
        .map((s: { siteNumber: string }) => s.siteNumber);
    expect(await sites()).toEqual(['1004', '1005']);
    expect((await call('GET', '', james)).statusCode).toBe(403);
    const res = await call('PUT', `/${id}`, manager, {
      email: 'james.wilson@acme.example',
      access: ['1004'],
      roles: [roleIds['Client Manager']],
      flags: [],
    });
    expect(res.statusCode).toBe(200);
    expect(await sites()).toEqual(['1004']);
    expect((await call('GET', '', james)).statusCode).toBe(200);
  });

  it('removes an account: its sessions stop at once, its history stays, its e-mail is free again', async () => {
    const id = await idOf('james.wilson@acme.example');
    const james = await bearerFor(t, 'james.wilson@acme.example');
    expect((await api.as(james).get('/api/sites/accessible')).statusCode).toBe(200);
    const res = await call('DELETE', `/${id}`, manager);
    expect(res.statusCode).toBe(204);
    expect((await api.as(james).get('/api/sites/accessible')).statusCode).toBe(401);
    const [row] = await q<{ removed: boolean; open: number }>(
      sql`select removed_at is not null as removed,
                 (select count(*)::int from sessions where user_id = ${id} and revoked_at is null) as open
          from users where id = ${id}`,
    );
    expect(row).toEqual({ removed: true, open: 0 });
    expect((await call('GET', `/${id}`, manager)).statusCode).toBe(404);
    expect((await call('DELETE', `/${id}`, manager)).statusCode).toBe(404);
    expect((await listAll('', manager)).some((u) => u.userId === id)).toBe(false);
    const history = await auditOf(id, manager);
    expect(history[0]!.description).toBe('Account removed (by manager@acme.example)');
    expect(history.at(-1)!.description).toBe('Account created by the demo seed');

    const again = await call('POST', '', manager, {
      email: 'james.wilson@acme.example',
      access: ['1004'],
      roles: [roleIds['Site Clerk']],
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().userId).not.toBe(id);
  });

  it('lets a holder of only Users.Remove or only Users.ViewHistory read the account their page acts on', async () => {
    for (const feature of ['Users.Remove', 'Users.ViewHistory', 'Users.Add']) {
      const role = await api.as(admin).post('/api/application/roles', {
        name: `Only ${feature.slice(6)}`,
        parentApplicationRoleId: roleIds['Client Manager'],
        features: [feature],
      });
      expect(role.statusCode).toBe(201);
      // The holder, and a colleague with the same role (no more features, so within reach).
      const [email, colleague] = ['only', 'colleague'].map(
        (who) => `${who}-${feature.slice(6).toLowerCase()}@acme.example`,
      ) as [string, string];
      for (const address of [email, colleague]) {
        const created = await call('POST', '', admin, {
          email: address,
          access: ['SG01'],
          roles: [role.json().applicationRoleId],
        });
        expect(created.statusCode).toBe(201);
      }
      const holder = await bearerFor(t, email);
      const res = await call('GET', `/${await idOf(colleague)}`, holder);
      if (feature === 'Users.Add') {
        expect(res.statusCode).toBe(403);
      } else {
        expect(res.statusCode).toBe(200);
        expect(res.json().email).toBe(colleague);
        expect((await call('GET', `/${await idOf('helpdesk@operator.example')}`, holder)).statusCode).toBe(
          404,
        );
      }
    }
  });

  it('needs Users.ViewHistory for the audit history, newest first', async () => {
    const clerk = await bearerFor(t, 'clerk@acme.example');
    const id = await idOf('tom.baker@acme.example');
    expect((await call('GET', `/${id}/audit`, clerk)).statusCode).toBe(403);
    const history = await auditOf(id, manager);
    const times = history.map((e) => e.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
