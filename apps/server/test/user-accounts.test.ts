import { allFeatureNames, type FeatureName, operatorOnlyFeatures } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHeaders, apiFor, type Caller, type Method } from './api-client.js';
import {
  accountWith,
  clientWith,
  groupOf,
  nowhere,
  roleWith,
  siteOf,
  type TestAccount,
  type TestSite,
} from './factories.js';
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

/** Roles of the test's own, shaped like the operator's usual ones. */
const clientManagerFeatures = allFeatureNames.filter(
  (f) =>
    (['Permits.', 'Tickets.', 'Users.'].some((group) => f.startsWith(group)) &&
      !(operatorOnlyFeatures as readonly FeatureName[]).includes(f)) ||
    ['Invoicing.Access', 'Roles.View', 'Reports.Access', 'Statistics.Access'].includes(f),
);
const roleFeatures = {
  'UA Administrator': allFeatureNames,
  'UA Client Manager': clientManagerFeatures,
  'UA Site Clerk': ['Permits.View', 'Permits.AllPermits', 'Permits.Add', 'Tickets.Cancel'],
  'UA Permit Officer': [
    'Permits.View',
    'Permits.AllPermits',
    'Permits.Add',
    'Permits.BulkAdd',
    'Permits.Disable',
  ],
  'UA Finance Viewer': ['Invoicing.Access', 'Reports.Access', 'Statistics.Access'],
} as const satisfies Record<string, readonly FeatureName[]>;
type RoleName = keyof typeof roleFeatures;
type AccountName =
  | 'admin'
  | 'helpdesk'
  | 'manager'
  | 'clerk'
  | 'new'
  | 'mohammed'
  | 'sarah'
  | 'tom'
  | 'james'
  | 'emily'
  | 'daniel'
  | 'olivia'
  | 'priya'
  | 'otherManager'
  | 'liam';

describe('user accounts: /api/user/accounts and delegated administration', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let admin: AuthHeaders & { userId: string };
  let manager: AuthHeaders & { userId: string };
  let roleIds: Record<RoleName, number>;
  /** The client's six sites in one group (the manager's), a seventh site in a group of its own. */
  let sites: TestSite[];
  let group: TestSite;
  let outside: TestSite;
  let outsideGroup: TestSite;
  /** Another client's site and group. */
  let otherSite: TestSite;
  let otherGroup: TestSite;
  /** The accounts this test builds, by the names it gives them. */
  let who: Record<AccountName, TestAccount>;
  const s = (i: number) => sites[i]!.number;

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
    const client = await clientWith(t, { sites: 6, group: true });
    ({ sites } = client);
    group = client.group!;
    outside = await siteOf(t, { company: client.company.id });
    outsideGroup = await groupOf(t, [outside], { company: client.company.id });
    const other = await clientWith(t, { sites: 2, group: true });
    otherSite = other.sites[0]!;
    otherGroup = other.group!;
    roleIds = {} as Record<RoleName, number>;
    for (const [name, features] of Object.entries(roleFeatures) as [RoleName, readonly FeatureName[]][]) {
      roleIds[name] = await roleWith(t, features, { name });
    }
    const people: [AccountName, Omit<Parameters<typeof accountWith>[1], 'roles' | 'features'>, RoleName][] = [
      ['admin', { access: 'all', email: 'ua.admin@operator.example' }, 'UA Administrator'],
      ['helpdesk', { access: 'all', email: 'ua.helpdesk@operator.example' }, 'UA Client Manager'],
      [
        'manager',
        { access: [group.number], flags: ['PermitExpiryDigest', 'TicketActionReceipts'] },
        'UA Client Manager',
      ],
      ['clerk', { access: [s(0)] }, 'UA Site Clerk'],
      ['new', { access: [s(0)], confirmed: false }, 'UA Site Clerk'],
      ['mohammed', { access: [s(1)], confirmed: false }, 'UA Site Clerk'],
      ['sarah', { access: [s(1)] }, 'UA Permit Officer'],
      ['tom', { access: [s(2)] }, 'UA Site Clerk'],
      ['james', { access: [s(3), s(4)] }, 'UA Site Clerk'],
      // With a password: changing her address only asks her to confirm the new one.
      ['emily', { access: [s(5)], password: 'Emily-Password-1' }, 'UA Permit Officer'],
      ['daniel', { access: [group.number] }, 'UA Finance Viewer'],
      // Outside the manager's delegation: a site of the client's outside the group, and a group of it.
      ['olivia', { access: [outside.number] }, 'UA Site Clerk'],
      ['priya', { access: [outsideGroup.number] }, 'UA Client Manager'],
      // Another client's.
      ['otherManager', { access: [otherGroup.number] }, 'UA Client Manager'],
      ['liam', { access: [otherSite.number] }, 'UA Site Clerk'],
    ];
    who = {} as Record<AccountName, TestAccount>;
    for (const [name, options, role] of people) {
      who[name] = await accountWith(t, {
        email: `${name.toLowerCase()}@client.example`,
        ...options,
        roles: [roleIds[role]],
      });
    }
    admin = { ...who.admin.headers };
    manager = { ...who.manager.headers };
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

  it('lists to a manager only live accounts whose access lies within their group, never global ones', async () => {
    const list = await listAll('', manager);
    expect(list.map((u) => u.email)).toEqual([
      who.clerk.email,
      who.daniel.email,
      who.emily.email,
      who.james.email,
      who.manager.email,
      who.mohammed.email,
      who.new.email,
      who.sarah.email,
      who.tom.email,
    ]);
    expect(list.find((u) => u.email === who.james.email)).toEqual({
      userId: who.james.userId,
      email: who.james.email,
      emailConfirmed: true,
      active: true,
      access: [s(3), s(4)],
      accessAllSites: false,
      roles: [{ applicationRoleId: roleIds['UA Site Clerk'], name: 'UA Site Clerk' }],
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
    expect(all.find((u) => u.email === who.helpdesk.email)).toMatchObject({
      accessAllSites: true,
      access: [],
    });
    expect(all.some((u) => u.email === who.otherManager.email)).toBe(true);
  });

  it('filters by state, email and site or group', async () => {
    const emails = async (query: string, by: AuthHeaders = manager) =>
      (await listAll(query, by)).map((u) => u.email);
    expect(await emails('?state=unconfirmed')).toEqual([who.mohammed.email, who.new.email]);
    expect(await emails('?emailAddress=JAMES')).toEqual([who.james.email]);
    expect(await emails(`?siteNumbers=${s(3)}&siteNumbers=${s(5)}`)).toEqual([
      who.daniel.email,
      who.emily.email,
      who.james.email,
      who.manager.email,
    ]);
    expect(await emails(`?siteNumbers=${group.number}&state=confirmed&emailAddress=clerk`)).toEqual([
      who.clerk.email,
    ]);
    expect(await emails(`?siteNumbers=${otherGroup.number}`, admin)).toContain(who.helpdesk.email);
    expect((await call('GET', '?state=nonsense', manager)).statusCode).toBe(400);
  });

  it('needs Users.View to list and answers an account outside the caller’s delegation as not found', async () => {
    expect((await call('GET', '', who.clerk)).statusCode).toBe(403);
    // Mixed access (one site inside the manager's group, one outside) is outside the manager's delegation.
    const mixed = await call('POST', '', admin, {
      email: 'mixed@client.example',
      access: [s(0), outside.number],
      roles: [roleIds['UA Site Clerk']],
    });
    expect(mixed.statusCode).toBe(201);
    const outsiders = [
      mixed.json().userId as string,
      who.olivia.userId,
      who.priya.userId,
      who.helpdesk.userId,
      who.otherManager.userId,
    ];
    expect((await listAll('', manager)).some((u) => u.email === 'mixed@client.example')).toBe(false);
    const before = await snapshot();
    for (const id of outsiders) {
      expect((await call('GET', `/${id}`, manager)).statusCode).toBe(404);
      const put = await call('PUT', `/${id}`, manager, {
        email: 'x@client.example',
        access: [s(0)],
        roles: [roleIds['UA Site Clerk']],
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
    const id = who.manager.userId;
    const res = await call('GET', `/${id}`, admin);
    expect(res.json()).toEqual({
      userId: id,
      email: who.manager.email,
      emailConfirmed: true,
      active: true,
      access: [group.number],
      accessAllSites: false,
      roles: [roleIds['UA Client Manager']],
      flags: ['PermitExpiryDigest', 'TicketActionReceipts'],
    });
  });

  it('refuses every escalation by a manager and writes nothing', async () => {
    const base = {
      email: 'escalate@client.example',
      access: [s(0)],
      roles: [roleIds['UA Site Clerk']],
      flags: [],
    };
    const before = await snapshot();
    const cases: [object, string, RegExp, AuthHeaders?][] = [
      [{ roles: [roleIds['UA Administrator']] }, 'roles', /cannot assign these roles/],
      [{ roles: [999_999] }, 'roles', /cannot assign these roles: 999999/],
      [{ roles: [] }, 'roles', /at least one role/],
      [
        { access: [outside.number] },
        'access',
        new RegExp(`Not one of your sites or site groups: ${outside.number}`),
      ],
      [{ access: [s(0), otherGroup.number] }, 'access', new RegExp(`: ${otherGroup.number}\\.`)],
      [{ access: [nowhere.site] }, 'access', new RegExp(`: ${nowhere.site}\\.`)],
      [{ access: [] }, 'access', /at least one site/],
      [
        { access: undefined, accessAllSites: true, email: 'staff@operator.example' },
        'accessAllSites',
        /Only a user with access to all sites/,
      ],
      [
        { flags: ['TicketActionReceipts'], roles: [roleIds['UA Finance Viewer']] },
        'flags',
        /Ticket action receipts needs a role with a Tickets feature/,
      ],
      [{ flags: ['NoSuchFlag'] }, 'flags', /Unknown flag: NoSuchFlag/],
      [{ email: 'not-an-email' }, 'email', /valid email/],
      [{ email: `${'a'.repeat(250)}@acme.example` }, 'email', /at most 256/],
      [{ email: who.clerk.email.toUpperCase() }, 'email', /already exists/],
      [
        { access: undefined, accessAllSites: true, email: 'someone@client.example' },
        'accessAllSites',
        /only to an email address at operator.example/,
        admin,
      ],
    ];
    for (const [change, field, message, by] of cases) {
      const res = await call('POST', '', by ?? manager, { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors[field]?.join(' '), JSON.stringify(change)).toMatch(message);
    }
    expect((await call('POST', '', who.clerk, base)).statusCode).toBe(403);

    // The same rules on an edit of an account the manager does manage.
    const tom = who.tom.userId;
    const edit = {
      email: who.tom.email,
      access: [s(2)],
      roles: [roleIds['UA Site Clerk']],
      flags: [],
    };
    const edits: [object, string][] = [
      [{ roles: [roleIds['UA Site Clerk'], roleIds['UA Administrator']] }, 'roles'],
      [{ access: [s(2), otherSite.number] }, 'access'],
      [{ access: undefined, accessAllSites: true }, 'accessAllSites'],
      [{ email: who.sarah.email }, 'email'],
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
    const base = { access: [s(0)], roles: [roleIds['UA Site Clerk']], flags: [] };
    const before = await snapshot();
    const answer = async (method: 'POST' | 'PUT', url: string, email: string, by: AuthHeaders = manager) => {
      const res = await call(method, url, by, { ...base, email });
      return { status: res.statusCode, errors: res.json().errors as Record<string, string[]> };
    };
    // An operator's staff account and a staff address nobody uses: one answer.
    const staff = await answer('POST', '', who.helpdesk.email);
    const staffFree = await answer('POST', '', 'nobody-yet@operator.example');
    expect(staff.status).toBe(400);
    expect(staff.errors.email).toEqual([
      'This email address cannot be used for an account you manage. Use another address, or ask the operator.',
    ]);
    expect(staffFree).toEqual(staff);
    // Re-addressing an account the manager manages says the same.
    const tom = who.tom.userId;
    expect(await answer('PUT', `/${tom}`, who.helpdesk.email)).toEqual(staff);
    expect(await answer('PUT', `/${tom}`, 'nobody-yet@operator.example')).toEqual(staff);
    // A duplicate in the manager's own reach is reported as it is.
    expect((await answer('POST', '', 'Sarah@client.example')).errors.email).toEqual([
      'An account with this email address already exists.',
    ]);
    // The operator's all-sites administrator is told plainly.
    expect((await answer('POST', '', who.liam.email, admin)).errors.email).toEqual([
      'An account with this email address already exists.',
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to edit or remove your own account here', async () => {
    const before = await snapshot();
    const body = {
      email: who.manager.email,
      access: [group.number],
      roles: [roleIds['UA Client Manager']],
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
      email: ' Invitee@client.example ',
      access: [s(1), s(0), s(0)],
      roles: [roleIds['UA Site Clerk']],
      flags: ['TicketActionReceipts'],
    });
    expect(res.statusCode).toBe(201);
    const account = res.json();
    expect(account).toEqual({
      userId: expect.any(String),
      email: 'Invitee@client.example',
      emailConfirmed: false,
      active: true,
      access: [s(0), s(1)],
      accessAllSites: false,
      roles: [roleIds['UA Site Clerk']],
      flags: ['TicketActionReceipts'],
    });
    const [row] = await q<{ password_hash: string | null; email_confirmed: boolean }>(
      sql`select password_hash, email_confirmed from users where id = ${account.userId}`,
    );
    expect(row).toEqual({ password_hash: null, email_confirmed: false });
    const mail = await inbox.waitFor('Invitee@client.example', /account/i);
    expect(linkIn(mail, 'http://portal.test/user/confirm?')).toMatch(/code=.+&password=/);
    expect(await auditOf(account.userId, manager)).toEqual([
      {
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        description: `Account created with roles UA Site Clerk; sites ${s(0)}, ${s(1)}; flags Ticket action receipts (by ${who.manager.email})`,
      },
    ]);
    const [actor] = await q<{ actor_email: string; type: string }>(
      sql`select actor_email, type from audit_events where subject_user_id = ${account.userId}`,
    );
    expect(actor).toEqual({ actor_email: who.manager.email, type: 'AccountCreated' });
    const listed = await listAll('?emailAddress=invitee', manager);
    expect(listed.map((u) => u.roles)).toEqual([
      [{ applicationRoleId: roleIds['UA Site Clerk'], name: 'UA Site Clerk' }],
    ]);

    const resend = await call('POST', `/${account.userId}/resend-confirmation`, manager);
    expect(resend.json()).toEqual({ success: true });
    await inbox.waitFor('Invitee@client.example', /account/i);
    expect((await auditOf(account.userId, manager))[0]!.description).toBe(
      `Confirmation email resent (by ${who.manager.email})`,
    );
    const confirmed = await call('POST', `/${who.clerk.userId}/resend-confirmation`, manager);
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json().detail).toBe('This email address is already confirmed.');
  });

  it('edits roles, sites and flags, answering the spec’s result and auditing each change', async () => {
    const id = await idOf('Invitee@client.example');
    const res = await call('PUT', `/${id}`, manager, {
      email: 'Invitee@client.example',
      access: [s(0), group.number],
      roles: [roleIds['UA Permit Officer']],
      flags: ['PermitExpiryDigest'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, isValid: true, messages: {} });
    const descriptions = (await auditOf(id, manager)).map((e) => e.description);
    expect(descriptions.slice(0, 3).sort()).toEqual([
      `Flags added: Permit expiry digest; flags removed: Ticket action receipts (by ${who.manager.email})`,
      `Roles added: UA Permit Officer; roles removed: UA Site Clerk (by ${who.manager.email})`,
      `Sites added: ${group.number}; sites removed: ${s(1)} (by ${who.manager.email})`,
    ]);
    expect((await call('GET', `/${id}`, manager)).json()).toMatchObject({
      access: [s(0), group.number],
      roles: [roleIds['UA Permit Officer']],
      flags: ['PermitExpiryDigest'],
    });
    // Saving the same values again records nothing.
    const count = descriptions.length;
    await call('PUT', `/${id}`, manager, {
      email: 'Invitee@client.example',
      access: [group.number, s(0)],
      roles: [roleIds['UA Permit Officer']],
      flags: ['PermitExpiryDigest'],
    });
    expect(await auditOf(id, manager)).toHaveLength(count);
  });

  it('lets an all-sites user grant global access to a staff email, and audits granting and removing it', async () => {
    const created = await call('POST', '', admin, {
      email: 'newstaff@operator.example',
      accessAllSites: true,
      roles: [roleIds['UA Finance Viewer']],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ accessAllSites: true, access: [] });
    const id = created.json().userId as string;
    await inbox.waitFor('newstaff@operator.example', /account/i);
    const toSites = await call('PUT', `/${id}`, admin, {
      email: 'newstaff@operator.example',
      accessAllSites: false,
      access: [otherSite.number],
      roles: [roleIds['UA Finance Viewer']],
    });
    expect(toSites.statusCode).toBe(200);
    const back = await call('PUT', `/${id}`, admin, {
      email: 'newstaff@operator.example',
      accessAllSites: true,
      access: [otherSite.number],
      roles: [roleIds['UA Finance Viewer']],
    });
    expect(back.statusCode).toBe(200);
    const descriptions = (await auditOf(id, admin)).map((e) => e.description);
    expect(descriptions.slice(0, 4)).toEqual(
      expect.arrayContaining([
        `Global access granted (by ${who.admin.email})`,
        `Sites removed: ${otherSite.number} (by ${who.admin.email})`,
        `Global access removed (by ${who.admin.email})`,
        `Sites added: ${otherSite.number} (by ${who.admin.email})`,
      ]),
    );
    expect((await call('GET', `/${id}`, admin)).json()).toMatchObject({ accessAllSites: true, access: [] });
  });

  it('writes to an account whose language is not recorded in Welsh and English, once recorded in it alone (decision 53)', async () => {
    const res = await call('POST', '', manager, {
      email: 'bilingual@client.example',
      access: [s(0)],
      roles: [roleIds['UA Site Clerk']],
    });
    expect(res.statusCode).toBe(201);
    const both = await inbox.waitFor('bilingual@client.example', /^Eich cyfrif Client Portal \/ /);
    expect(both.subject).toBe('Eich cyfrif Client Portal / Your Client Portal account');
    const welshAt = both.text.indexOf(
      'Mae cyfrif wedi cael ei greu i chi ar Client Portal gyda’r cyfeiriad e-bost bilingual@client.example.',
    );
    const englishAt = both.text.indexOf(
      'An account has been created for you on Client Portal with the email address bilingual@client.example.',
    );
    expect(welshAt).toBeGreaterThanOrEqual(0);
    expect(englishAt).toBeGreaterThan(welshAt);
    expect(both.html).toMatch(/^<!doctype html><html lang="cy">/);
    const welshPart = both.html.indexOf('<div lang="cy">');
    const englishPart = both.html.indexOf('<div lang="en">');
    expect(welshPart).toBeGreaterThan(0);
    expect(englishPart).toBeGreaterThan(welshPart);
    expect(both.html.slice(welshPart, englishPart)).toContain('Mae cyfrif wedi cael ei greu i chi');
    expect(both.html.slice(englishPart)).toContain('An account has been created for you');

    // Once the account has answered (Welsh), its mails are in Welsh alone.
    const userId = res.json().userId as string;
    await q(sql`update users set language = 'cy' where id = ${userId}`);
    expect((await call('POST', `/${userId}/resend-confirmation`, manager)).statusCode).toBe(200);
    const welsh = await inbox.waitFor('bilingual@client.example', /^Eich cyfrif Client Portal$/);
    expect(welsh.text).toContain('Mae cyfrif wedi cael ei greu i chi');
    expect(welsh.text).not.toContain('An account has been created');
    expect(welsh.html).toMatch(/^<!doctype html><html lang="cy">/);
    expect(welsh.html).not.toContain('lang="en"');
  });

  it('re-invites on an email change: the new address is unconfirmed until confirmed', async () => {
    const id = who.emily.userId;
    const body = {
      email: 'emily.c@client.example',
      access: [s(5)],
      roles: [roleIds['UA Permit Officer']],
      flags: [],
    };
    expect((await call('PUT', `/${id}`, manager, body)).statusCode).toBe(200);
    expect((await call('GET', `/${id}`, manager)).json()).toMatchObject({
      email: 'emily.c@client.example',
      emailConfirmed: false,
    });
    const mail = await inbox.waitFor('emily.c@client.example', /account/i);
    // She has a password already: the link only confirms the address.
    expect(linkIn(mail, 'http://portal.test/user/confirm?')).not.toMatch(/password=/);
    expect((await auditOf(id, manager))[0]!.description).toBe(
      `Email changed from ${who.emily.email} to emily.c@client.example (by ${who.manager.email})`,
    );
  });

  it('applies site and role changes to the user’s very next request', async () => {
    const id = who.james.userId;
    const james = who.james;
    const accessible = async () =>
      (await api.as(james).get('/api/sites/accessible'))
        .json()
        .map((s: { siteNumber: string }) => s.siteNumber);
    expect(await accessible()).toEqual([s(3), s(4)]);
    expect((await call('GET', '', james)).statusCode).toBe(403);
    const res = await call('PUT', `/${id}`, manager, {
      email: who.james.email,
      access: [s(3)],
      roles: [roleIds['UA Client Manager']],
      flags: [],
    });
    expect(res.statusCode).toBe(200);
    expect(await accessible()).toEqual([s(3)]);
    expect((await call('GET', '', james)).statusCode).toBe(200);
  });

  it('removes an account: its sessions stop at once, its history stays, its email is free again', async () => {
    const id = who.james.userId;
    const james = await bearerFor(t, who.james.email);
    expect((await api.as(james).get('/api/sites/accessible')).statusCode).toBe(200);
    const earlier = await auditOf(id, manager);
    expect(earlier.length).toBeGreaterThan(0);
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
    expect(history[0]!.description).toBe(`Account removed (by ${who.manager.email})`);
    expect(history.slice(1)).toEqual(earlier);

    const again = await call('POST', '', manager, {
      email: who.james.email,
      access: [s(3)],
      roles: [roleIds['UA Site Clerk']],
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().userId).not.toBe(id);
  });

  it('lets a holder of only Users.Remove or only Users.ViewHistory read the account their page acts on', async () => {
    for (const feature of ['Users.Remove', 'Users.ViewHistory', 'Users.Add']) {
      const role = await api.as(admin).post('/api/application/roles', {
        name: `Only ${feature.slice(6)}`,
        parentApplicationRoleId: roleIds['UA Client Manager'],
        features: [feature],
      });
      expect(role.statusCode).toBe(201);
      // The holder, and a colleague with the same role (no more features, so within reach).
      const [email, colleague] = ['only', 'colleague'].map(
        (name) => `${name}-${feature.slice(6).toLowerCase()}@client.example`,
      ) as [string, string];
      for (const address of [email, colleague]) {
        const created = await call('POST', '', admin, {
          email: address,
          access: [group.number],
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
        expect((await call('GET', `/${who.helpdesk.userId}`, holder)).statusCode).toBe(404);
      }
    }
  });

  it('needs Users.ViewHistory for the audit history, newest first', async () => {
    // The invitee's: created, resent, then edited by the tests above.
    const id = await idOf('Invitee@client.example');
    expect((await call('GET', `/${id}/audit`, who.clerk)).statusCode).toBe(403);
    const history = await auditOf(id, manager);
    expect(history.length).toBeGreaterThan(1);
    const times = history.map((e) => e.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
