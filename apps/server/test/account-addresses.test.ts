import { allFeatureNames } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserCode } from '../src/modules/identity/account-links.js';
import { sha256 } from '../src/modules/identity/secret-codes.js';
import { type AuthHeaders, apiFor } from './api-client.js';
import { accountWith, clientWith } from './factories.js';
import { DEMO_PASSWORD, login, query } from './identity-helpers.js';
import { linkIn, startSmtpInbox } from './smtp-inbox.js';
import { buildTestApp, type TestApp } from './test-app.js';

type Answer = { statusCode: number; headers: Record<string, unknown>; body: string; json(): unknown };

/**
 * Decision 0026 (security walk, issue 23, finding 3): a client manager who adds or re-addresses an account
 * with an address that another client's account holds hears exactly what a free address gets, and
 * afterwards sees an unconfirmed account of theirs like any other; behind it the account is a shadow that
 * nobody can confirm, reset or sign into, and the address's owner keeps their account and gets a notice.
 */
describe('account addresses across tenants: a used address answers as a free one', () => {
  let t: TestApp;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let admin: AuthHeaders;
  let manager: AuthHeaders;
  let clerkRole: number;
  let site: string;
  let otherSite: string;
  let serial = 0;

  const api = apiFor(() => t);
  const accounts = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    by: AuthHeaders,
    payload?: object,
  ) => api.as(by).request(method, `/api/user/accounts${url}`, payload);
  const free = () => `free-${Date.now().toString(36)}-${serial++}@elsewhere.example`;
  const body = (email: string, flags: string[] = []) => ({
    email,
    access: [site],
    roles: [clerkRole],
    flags,
  });

  /** What a caller can see of an answer once the account's id, its address and times are taken out. */
  const seen = (res: Answer, ...addresses: string[]) => {
    const headers = Object.keys(res.headers)
      .filter((h) => !['date', 'content-length'].includes(h))
      .sort();
    const text = JSON.stringify(res.body ? res.json() : null, (key, value) =>
      // A list page's cursors spell the first and last row's address and id.
      ['userId', 'email', 'timestamp', 'first', 'last'].includes(key) ? undefined : value,
    );
    return {
      status: res.statusCode,
      headers,
      body: addresses.reduce((s, a) => s.split(a).join('<address>'), text),
    };
  };
  const auditSeen = async (id: string, address: string) =>
    seen(await accounts('GET', `/${id}/audit`, manager), address);
  const listedSeen = async (address: string) => {
    const res = await accounts(
      'GET',
      `?emailAddress=${encodeURIComponent(address)}&state=unconfirmed`,
      manager,
    );
    return seen(res, address);
  };

  /** Another client's account, confirmed, with the demo password. */
  const otherClientsAccount = () =>
    accountWith(t, { features: ['Permits.View'], access: [otherSite], password: DEMO_PASSWORD });
  const noticeTo = (address: string) => inbox.waitFor(address, /tried to add an account/i);
  /** Every mail received so far to this address (after the in-flight ones have arrived). */
  const mailsTo = async (address: string) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return inbox.received.filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));
  };

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await buildTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_URL: 'http://portal.test' } });
    admin = (await accountWith(t, { features: allFeatureNames, access: 'all' })).headers;
    const roles = (await api.as(admin).get('/api/application/roles')).json() as {
      name: string;
      applicationRoleId: number;
    }[];
    const roleId = (name: string) => roles.find((r) => r.name === name)!.applicationRoleId;
    clerkRole = roleId('Site Clerk');
    // A client manager (the shared Client Manager role) of a client's group, and another client's site.
    const client = await clientWith(t, { sites: 1, group: true });
    site = client.sites[0]!.number;
    manager = (await accountWith(t, { roles: [roleId('Client Manager')], access: [client.group!.number] }))
      .headers;
    otherSite = (await clientWith(t, { sites: 1 })).sites[0]!.number;
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  it('gives a client manager the same answer, audit, list entry and later answers for a used address as for a free one', async () => {
    const other = await otherClientsAccount();
    const freeAddress = free();
    const held = await accounts('POST', '', manager, body(other.email));
    const made = await accounts('POST', '', manager, body(freeAddress));
    expect(made.statusCode).toBe(201);
    expect(seen(held, other.email)).toEqual(seen(made, freeAddress));
    const heldId = (held.json() as { userId: string }).userId;
    const freeId = (made.json() as { userId: string }).userId;
    expect(heldId).not.toBe(other.userId);

    expect(await listedSeen(other.email)).toEqual(await listedSeen(freeAddress));
    expect(seen(await accounts('GET', `/${heldId}`, manager), other.email)).toEqual(
      seen(await accounts('GET', `/${freeId}`, manager), freeAddress),
    );
    expect(await auditSeen(heldId, other.email)).toEqual(await auditSeen(freeId, freeAddress));

    // Editing, resending and removing answer alike too, and audit alike.
    const editHeld = await accounts(
      'PUT',
      `/${heldId}`,
      manager,
      body(other.email, ['TicketActionReceipts']),
    );
    const editFree = await accounts(
      'PUT',
      `/${freeId}`,
      manager,
      body(freeAddress, ['TicketActionReceipts']),
    );
    expect(editFree.statusCode).toBe(200);
    expect(seen(editHeld)).toEqual(seen(editFree));
    const resendHeld = await accounts('POST', `/${heldId}/resend-confirmation`, manager);
    const resendFree = await accounts('POST', `/${freeId}/resend-confirmation`, manager);
    expect(resendFree.statusCode).toBe(200);
    expect(seen(resendHeld)).toEqual(seen(resendFree));
    expect(await auditSeen(heldId, other.email)).toEqual(await auditSeen(freeId, freeAddress));
    const removeHeld = await accounts('DELETE', `/${heldId}`, manager);
    const removeFree = await accounts('DELETE', `/${freeId}`, manager);
    expect(removeFree.statusCode).toBe(204);
    expect(seen(removeHeld)).toEqual(seen(removeFree));
    expect(seen(await accounts('GET', `/${heldId}`, manager))).toEqual(
      seen(await accounts('GET', `/${freeId}`, manager)),
    );

    // The other client's account is untouched.
    const [owner] = await query<{ email_confirmed: boolean; removed: boolean }>(
      t,
      sql`select email_confirmed, removed_at is not null as removed from users where id = ${other.userId}`,
    );
    expect(owner).toEqual({ email_confirmed: true, removed: false });
  });

  it('never lets the account made for a used address be confirmed, reset or signed into; the owner signs in as before', async () => {
    const other = await otherClientsAccount();
    const created = await accounts('POST', '', manager, body(other.email));
    expect(created.statusCode).toBe(201);
    const shadowId = (created.json() as { userId: string }).userId;

    // The address gets only a neutral notice: no confirm link, no password link.
    const notice = await noticeTo(other.email);
    expect(notice.text).toMatch(/already have an account/i);
    expect(notice.text).not.toMatch(/\/user\/confirm|\/reset-password|code=/);
    expect(await mailsTo(other.email)).toEqual([]);
    expect(await query(t, sql`select 1 from user_codes where user_id = ${shadowId}`)).toEqual([]);

    // Even a link made for it by hand does nothing.
    const confirmCode = await createUserCode(t.database.kysely, shadowId, 'confirm', 1);
    const confirm = await api.post('/api/user/confirm', { code: confirmCode, email: other.email });
    expect(confirm.statusCode).toBe(400);
    const resetCode = await createUserCode(t.database.kysely, shadowId, 'reset', 1);
    const check = await api.get(`/api/user/password/reset/${resetCode}`);
    expect(check.statusCode).toBe(404);
    const reset = await api.post(`/api/user/password/reset/${resetCode}`, { password: 'Shadow-pass-1' });
    expect(reset.statusCode).toBe(404);

    // A reset link for the address is the owner's, as before.
    const resetLink = await api.post('/api/user/password/reset-link', { email: other.email });
    expect(resetLink.statusCode).toBe(204);
    const resetMail = await inbox.waitFor(other.email, /reset/i);
    const ownerCode = decodeURIComponent(
      linkIn(resetMail, 'http://portal.test/reset-password/confirm?').split('password=')[1]!,
    );
    const [codeOwner] = await query<{ user_id: string }>(
      t,
      sql`select user_id from user_codes where code_hash = ${sha256(ownerCode)} and used_at is null`,
    );
    expect(codeOwner).toEqual({ user_id: other.userId });

    // Sign-in with the address is the owner's: their session, never the shadow's.
    const signIn = await login(t, { email: other.email, password: DEMO_PASSWORD });
    expect(signIn.statusCode).toBe(200);
    const sessions = await query<{ user_id: string }>(
      t,
      sql`select user_id from sessions where user_id in (${shadowId}, ${other.userId})`,
    );
    expect(new Set(sessions.map((s) => s.user_id))).toEqual(new Set([other.userId]));
    const [shadow] = await query<{ email_confirmed: boolean; password_hash: string | null }>(
      t,
      sql`select email_confirmed, password_hash from users where id = ${shadowId}`,
    );
    expect(shadow).toEqual({ email_confirmed: false, password_hash: null });

    // Once the owner's account is removed, the shadow still does not sign in or get a reset link.
    expect((await accounts('DELETE', `/${other.userId}`, admin)).statusCode).toBe(204);
    const afterRemoval = await login(t, { email: other.email, password: DEMO_PASSWORD });
    expect(afterRemoval.statusCode).toBe(401);
    expect(afterRemoval.json().detail).toBe('Failed');
    await api.post('/api/user/password/reset-link', { email: other.email });
    expect(await mailsTo(other.email)).toEqual([]);
  });

  it('re-addresses an account to another client’s address exactly as to a free one, and back to a usable one', async () => {
    const other = await otherClientsAccount();
    const [a, b] = [free(), free()];
    const ids: string[] = [];
    for (const address of [a, b]) {
      const res = await accounts('POST', '', manager, body(address));
      expect(res.statusCode).toBe(201);
      ids.push((res.json() as { userId: string }).userId);
      await inbox.waitFor(address, /account/i);
    }
    const [toHeld, toFree] = [ids[0]!, ids[1]!];
    const freeAddress = free();
    const held = await accounts('PUT', `/${toHeld}`, manager, body(other.email));
    const made = await accounts('PUT', `/${toFree}`, manager, body(freeAddress));
    expect(made.statusCode).toBe(200);
    expect(seen(held)).toEqual(seen(made));
    expect(seen(await accounts('GET', `/${toHeld}`, manager), other.email)).toEqual(
      seen(await accounts('GET', `/${toFree}`, manager), freeAddress),
    );
    expect(await auditSeen(toHeld, other.email).then((s) => s.body.split(a).join('<old>'))).toEqual(
      await auditSeen(toFree, freeAddress).then((s) => s.body.split(b).join('<old>')),
    );
    expect(await listedSeen(other.email)).toEqual(await listedSeen(freeAddress));
    // Both old addresses hear of the change; the owner of the used one gets only the notice.
    await inbox.waitFor(a, /was changed/i);
    await inbox.waitFor(b, /was changed/i);
    await inbox.waitFor(freeAddress, /confirm/i);
    await noticeTo(other.email);
    expect(await mailsTo(other.email)).toEqual([]);
    const signIn = await login(t, { email: other.email, password: DEMO_PASSWORD });
    expect(signIn.statusCode).toBe(200);

    // Given a free address again, the account is an ordinary one: invited, and its link confirms it.
    const usable = free();
    expect((await accounts('PUT', `/${toHeld}`, manager, body(usable))).statusCode).toBe(200);
    expect(await mailsTo(other.email)).toEqual([]);
    const invitation = await inbox.waitFor(usable, /confirm/i);
    const code = new URL(linkIn(invitation, 'http://portal.test/user/confirm?')).searchParams.get('code');
    const confirmed = await api.post('/api/user/confirm', { code, email: usable });
    expect(confirmed.statusCode).toBe(204);
    expect((await accounts('GET', `/${toHeld}`, manager)).json()).toMatchObject({ emailConfirmed: true });
  });

  it('still tells the operator’s administrator, and a manager about an account of theirs, that the address exists', async () => {
    const other = await otherClientsAccount();
    const shadow = await accounts('POST', '', manager, body(other.email));
    expect(shadow.statusCode).toBe(201);
    const exists = { email: ['An account with this email address already exists.'] };
    const errors = (res: Answer) => (res.json() as { errors?: unknown }).errors;

    const byAdmin = await accounts('POST', '', admin, body(other.email));
    expect(byAdmin.statusCode).toBe(400);
    expect(errors(byAdmin)).toEqual(exists);
    const adminsAccount = await accounts('POST', '', admin, body(free()));
    const adminEdit = await accounts(
      'PUT',
      `/${(adminsAccount.json() as { userId: string }).userId}`,
      admin,
      {
        ...body(other.email.toUpperCase()),
      },
    );
    expect(errors(adminEdit)).toEqual(exists);

    // The manager's own account for the address (the one just made) is a duplicate in their reach.
    const again = await accounts('POST', '', manager, body(other.email));
    expect(again.statusCode).toBe(400);
    expect(errors(again)).toEqual(exists);
    const ownFree = free();
    expect((await accounts('POST', '', manager, body(ownFree))).statusCode).toBe(201);
    expect(errors(await accounts('POST', '', manager, body(ownFree.toUpperCase())))).toEqual(exists);

    // Staff addresses stay the operator's: used and free alike get one neutral refusal.
    const helpdesk = errors(await accounts('POST', '', manager, body('helpdesk@operator.example')));
    const nobody = errors(await accounts('POST', '', manager, body('nobody-yet@operator.example')));
    expect(helpdesk).toEqual(nobody);
    expect(JSON.stringify(helpdesk)).not.toMatch(/already exists/);
  });
});
