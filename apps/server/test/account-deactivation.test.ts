import { type FeatureName, userAccountSchema } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHeaders, apiFor } from './api-client.js';
import { accountWith, clientWith, roleWith } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { problemOf } from './permit-fixture.js';
import { bearerFor } from './sign-in-as.js';
import { buildSecondInstance, buildTestApp, type TestApp } from './test-app.js';

const PASSWORD = 'Deactivate-test-1';

/**
 * Deactivating and activating an account from the accounts screens (decision 51): those who may edit
 * the account (Users.Edit, within their reach) stop it signing in, end its sessions at once in every
 * process and audit it, exactly as SCIM's `active: false` does; activated again, it signs in again.
 */
describe('PUT /api/user/accounts/{id}/active', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let second: Awaited<ReturnType<typeof buildSecondInstance>>;
  let manager: AuthHeaders & { userId: string; email: string };
  let viewer: AuthHeaders;
  let site: string;
  let clerkRole: number;
  let theirsId: string;

  const setActive = (id: string, active: unknown, by: AuthHeaders = manager) =>
    api.as(by).put(`/api/user/accounts/${id}/active`, { active });
  const auditOf = (userId: string) =>
    selectRows<{ type: string; description: string; actor_email: string }>(
      t.database.db,
      sql`select type, description, actor_email from audit_events
          where subject_user_id = ${userId} and type like 'Account%' order by id`,
    );

  beforeAll(async () => {
    t = await buildTestApp();
    second = await buildSecondInstance(t);
    const client = await clientWith(t, { sites: 1 });
    site = client.sites[0]!.number;
    const features: FeatureName[] = ['Users.View', 'Users.Edit', 'Permits.View'];
    const account = await accountWith(t, { features, access: [site] });
    manager = { ...account.headers, userId: account.userId, email: account.email };
    viewer = (await accountWith(t, { features: ['Users.View', 'Permits.View'], access: [site] })).headers;
    clerkRole = await roleWith(t, ['Permits.View']);
    const other = await clientWith(t, { sites: 1 });
    theirsId = (await accountWith(t, { roles: [clerkRole], access: [other.sites[0]!.number] })).userId;
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('deactivates: no sign-in, every session ended in every process, audited; activated, it signs in again', async () => {
    const clerk = await accountWith(t, { roles: [clerkRole], access: [site], password: PASSWORD });
    const login = () => api.post('/api/user/login', { email: clerk.email, password: PASSWORD });
    expect((await login()).statusCode).toBe(200);
    const session = await bearerFor(t, clerk.email);
    const other = apiFor({ app: second.app });
    expect((await other.as(session).get('/api/user/info')).statusCode).toBe(200);

    const off = await setActive(clerk.userId, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json(userAccountSchema)).toMatchObject({ userId: clerk.userId, active: false });
    problemOf(await other.as(session).get('/api/user/info'), 401);
    problemOf(await api.as(session).get('/api/user/info'), 401);
    expect((await login()).statusCode).toBe(401);
    expect(
      (await api.as(manager).get(`/api/user/accounts/${clerk.userId}`)).json(userAccountSchema).active,
    ).toBe(false);
    // Again: nothing more to do, nothing more audited.
    expect((await setActive(clerk.userId, false)).statusCode).toBe(200);

    const on = await setActive(clerk.userId, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json(userAccountSchema).active).toBe(true);
    expect((await login()).statusCode).toBe(200);
    // Its old sessions stay ended.
    problemOf(await api.as(session).get('/api/user/info'), 401);

    expect(await auditOf(clerk.userId)).toEqual([
      {
        type: 'AccountDeactivated',
        description: `Account deactivated (by ${manager.email})`,
        actor_email: manager.email,
      },
      {
        type: 'AccountActivated',
        description: `Account activated (by ${manager.email})`,
        actor_email: manager.email,
      },
    ]);
  }, 180_000);

  it('is for those who may edit the account: 404 beyond their reach, 403 without Users.Edit or on their own', async () => {
    const clerk = await accountWith(t, { roles: [clerkRole], access: [site] });
    problemOf(await setActive(theirsId, false), 404);
    problemOf(await setActive('00000000-0000-4000-8000-000000000000', false), 404);
    problemOf(await setActive(clerk.userId, false, viewer), 403);
    problemOf(await setActive(manager.userId, false), 403);
    expect(problemOf(await setActive(clerk.userId, 'no'), 400).errors).toHaveProperty('active');
    // The account beyond reach is untouched.
    const [theirs] = await selectRows<{ deactivated_at: string | null }>(
      t.database.db,
      sql`select deactivated_at from users where id = ${theirsId}`,
    );
    expect(theirs!.deactivated_at).toBeNull();
    expect(await auditOf(clerk.userId)).toEqual([]);
  });
});
