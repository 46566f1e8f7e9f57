import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AuthHeaders, apiFor } from './api-client.js';
import { nowhere, permitAt, siteOf } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { type PermitClient, permitTestApp } from './permit-fixture.js';
import type { TestApp } from './test-app.js';

const states = ['current', 'expired', 'expiringSoon', 'upcoming'] as const;

/**
 * The states written out independently of the server's code, straight from the product brief (section 5),
 * evaluated by the database's own clock.
 */
const stateSql = (state: (typeof states)[number] | undefined, expiredDays: number): SQL => {
  switch (state) {
    case 'upcoming':
      return sql`started > now()`;
    case 'current':
      return sql`started <= now() and ended > now()`;
    case 'expiringSoon':
      return sql`started <= now() and ended > now() and ended <= now() + interval '7 days'`;
    case 'expired':
      return sql`ended <= now() and ended > now() - make_interval(days => ${expiredDays})`;
    case undefined:
      return sql`ended > now() - make_interval(days => ${expiredDays})`;
  }
};

describe('GET /api/permits/_count', () => {
  let t: TestApp;
  let clerk: AuthHeaders;
  let manager: AuthHeaders;
  let admin: AuthHeaders;
  let finance: AuthHeaders;
  let client: PermitClient;

  const api = apiFor(() => t);
  const count = (caller: AuthHeaders | undefined, query = '') =>
    api.as(caller).get(`/api/permits/_count${query}`);
  const sqlCount = async (where: SQL) => {
    const [row] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from permits where ${where}`,
    );
    return row!.n;
  };
  // A site's list holds its own permits and those of every group it belongs to (decision 10).
  const listedAt = (sites: SQL) =>
    sql`coalesce(site_number, group_number) in (select s from (${sites}) x(s)
          union select group_number from site_group_members where site_number in (select s from (${sites}) y(s)))`;
  const clerkScope = () => listedAt(sql`select ${client.clerkSite.number}::text`);
  const managerScope =
    () => sql`(${listedAt(sql`select site_number::text from site_group_members where group_number = ${client.group.number}`)}
    or group_number = ${client.group.number})`;

  beforeAll(async () => {
    ({ t, clerk, manager, admin, finance, client } = await permitTestApp());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts the clerk’s permits per state exactly as the database does', async () => {
    for (const state of [...states, undefined]) {
      const res = await count(clerk, state ? `?state=${state}` : '');
      expect(res.statusCode).toBe(200);
      const expected = await sqlCount(sql`${clerkScope()} and ${stateSql(state, 7)}`);
      expect(res.json(), state).toEqual({ count: expected });
      // What the fixture made at the clerk's site and its group (see permitTestApp).
      const made = { current: 9, expired: 3, expiringSoon: 3, upcoming: 3 };
      expect(expected, state).toBe(state ? made[state] : made.current + made.expired + made.upcoming);
    }
  });

  it('counts the manager’s site and group permits per state exactly as the database does', async () => {
    for (const state of [...states, undefined]) {
      const res = await count(manager, state ? `?state=${state}` : '');
      expect(res.statusCode).toBe(200);
      expect(res.json(), state).toEqual({
        count: await sqlCount(sql`${managerScope()} and ${stateSql(state, 7)}`),
      });
    }
    const groupPermits = await sqlCount(
      sql`scope = 'group' and group_number = ${client.group.number} and ${stateSql(undefined, 7)}`,
    );
    expect(groupPermits).toBe(4);
    const groupOnly = await count(manager, `?siteNumber=${client.group.number.toLowerCase()}`);
    expect(groupOnly.json()).toEqual({ count: groupPermits });
  });

  it('counts every listed permit for all-sites access', async () => {
    const res = await count(admin, '?state=current');
    expect(res.json()).toEqual({ count: await sqlCount(stateSql('current', 7)) });
  });

  it('filters by site within reach and by a normalised registration', async () => {
    const sibling = client.sibling.number;
    const atSite = await count(manager, `?state=current&siteNumber=${sibling}`);
    expect(atSite.json()).toEqual({
      count: await sqlCount(sql`${listedAt(sql`select ${sibling}::text`)} and ${stateSql('current', 7)}`),
    });
    expect(atSite.json()).toEqual({ count: 28 + 2 });

    const { current, expiringSoon } = client.vehicles;
    const spaced = `${current.slice(0, 4).toLowerCase()} ${current.slice(4)}`;
    const byReg = await count(clerk, `?state=current&vehicleRegistration=${encodeURIComponent(spaced)}`);
    expect(byReg.json()).toEqual({ count: 1 });
    expect((await count(clerk, `?state=expired&vehicleRegistration=${current}`)).json()).toEqual({
      count: 0,
    });
    expect((await count(clerk, `?state=expiringSoon&vehicleRegistration=${expiringSoon}`)).json()).toEqual({
      count: 1,
    });
    // Empty filters are no filters.
    expect((await count(clerk, '?state=&siteNumber=&vehicleRegistration=')).json()).toEqual(
      (await count(clerk)).json(),
    );
  });

  it('follows PermitExpiredDays', async () => {
    await t.database.db.execute(sql`update app_config set value = '2' where key = 'PermitExpiredDays'`);
    // Written by hand, as another process would: this process's copy goes once the NOTIFY is handled.
    await t.app.caches.config.settle();
    try {
      expect((await count(clerk, '?state=expired')).json()).toEqual({
        count: await sqlCount(sql`${clerkScope()} and ${stateSql('expired', 2)}`),
      });
      // The clerk site's permit that ended a day ago and the group's that ended two days ago, not the rest.
      expect((await count(clerk, '?state=expired')).json()).toEqual({ count: 1 });
    } finally {
      await t.database.db.execute(sql`update app_config set value = '7' where key = 'PermitExpiredDays'`);
      await t.app.caches.config.settle();
    }
  });

  it('answers a site or group out of reach with 404', async () => {
    for (const [who, site] of [
      [clerk, client.sibling.number],
      [clerk, client.otherGroup.number],
      [manager, client.otherSite.number],
      [manager, client.otherGroup.number],
      [manager, nowhere.site],
    ] as const) {
      const res = await count(who, `?siteNumber=${site}`);
      expect(res.statusCode, site).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('counts a permit stored by another process (or by hand) once its NOTIFY arrives', async () => {
    const before = (await count(admin, '?state=upcoming')).json().count as number;
    const site = await siteOf(t);
    const day = 86_400_000;
    await permitAt(t, site.number, {
      registration: 'NOTIFY1',
      driverName: 'By Hand',
      started: new Date(Date.now() + 2 * day),
      ended: new Date(Date.now() + 3 * day),
    });
    await vi.waitFor(
      async () => expect((await count(admin, '?state=upcoming')).json().count).toBe(before + 1),
      {
        timeout: 2_000,
        interval: 20,
      },
    );
    await t.database.db.execute(sql`delete from permits where vehicle_registration = 'NOTIFY1'`);
    await vi.waitFor(async () => expect((await count(admin, '?state=upcoming')).json().count).toBe(before), {
      timeout: 2_000,
      interval: 20,
    });
  });

  it('answers a bad state with 400, no Permits.View with 403 and no sign-in with 401', async () => {
    expect((await count(clerk, '?state=someday')).statusCode).toBe(400);
    expect((await count(finance)).statusCode).toBe(403);
    expect((await count(undefined)).statusCode).toBe(401);
  });
});
