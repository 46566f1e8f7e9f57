import {
  type Permit,
  permitPageSchema,
  permitReference,
  TABLE_PAGE_SIZE,
  ukDate,
  ukDateTime,
  ukLastDayBefore,
} from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHeaders, apiFor } from './api-client.js';
import { selectRows } from './fixture-rows.js';
import { type PermitClient, permitTestApp } from './permit-fixture.js';
import type { TestApp } from './test-app.js';

const states = ['current', 'expired', 'expiringSoon', 'upcoming'] as const;
const DAY_MS = 86_400_000;
const key = (p: Permit) => `${p.type}-${p.permitId}`;

describe('GET /api/permits (one page at a time)', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let clerk: AuthHeaders;
  let manager: AuthHeaders;
  let admin: AuthHeaders;
  let finance: AuthHeaders;
  let client: PermitClient;

  const get = (path: string, headers: AuthHeaders | undefined, query = '') =>
    api.as(headers).get(`/api/permits${path}${query}`);
  const page = async (headers: AuthHeaders, query = '') => {
    const res = await get('', headers, query);
    expect(res.statusCode, query).toBe(200);
    return res.json(permitPageSchema);
  };
  const count = async (headers: AuthHeaders, query = '') => {
    const res = await get('/_count', headers, query);
    expect(res.statusCode, query).toBe(200);
    return (res.json() as { count: number }).count;
  };
  /** Every row, page after page by keyset, checking each page's size and total on the way. */
  const everyRow = async (headers: AuthHeaders, query = '') => {
    const join = query ? '&' : '?';
    let shown = await page(headers, query);
    const rows = [...shown.rows];
    while (shown.last && rows.length < shown.total) {
      shown = await page(headers, `${query}${join}after=${shown.last}`);
      expect(shown.rows.length).toBeGreaterThan(0);
      expect(shown.rows.length).toBeLessThanOrEqual(TABLE_PAGE_SIZE);
      rows.push(...shown.rows);
    }
    expect(rows.length).toBe(shown.total);
    return rows;
  };

  beforeAll(async () => {
    ({ t, clerk, manager, admin, finance, client } = await permitTestApp());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers at most one page with the total, which _count agrees with, in every state', async () => {
    for (const [who, headers] of [
      ['clerk', clerk],
      ['manager', manager],
      ['admin', admin],
    ] as const) {
      for (const state of [...states, undefined]) {
        const query = state ? `?state=${state}` : '';
        const first = await page(headers, query);
        expect(first.rows.length, `${who} ${state}`).toBe(Math.min(TABLE_PAGE_SIZE, first.total));
        expect(first.total, `${who} ${state}`).toBe(await count(headers, query));
        expect(first.total, `${who} ${state}`).toBeGreaterThan(0);
      }
    }
    expect((await page(admin)).total).toBeGreaterThan(TABLE_PAGE_SIZE * 100);
  });

  it('walks every page in a stable order, without repeats, the same forwards and backwards', async () => {
    const rows = await everyRow(manager, '?state=current');
    expect(new Set(rows.map(key)).size).toBe(rows.length);
    const starts = rows.map((p) => Date.parse(p.started));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));

    // Jump two pages ahead with skip, then come back one page with `before`.
    const first = await page(manager, '?state=current');
    const third = await page(manager, `?state=current&after=${first.last}&skip=${TABLE_PAGE_SIZE}`);
    expect(third.rows.map(key)).toEqual(rows.slice(20, 30).map(key));
    const second = await page(manager, `?state=current&before=${third.first}`);
    expect(second.rows.map(key)).toEqual(rows.slice(10, 20).map(key));
    const backToFirst = await page(manager, `?state=current&before=${third.first}&skip=${TABLE_PAGE_SIZE}`);
    expect(backToFirst.rows.map(key)).toEqual(rows.slice(0, 10).map(key));
  });

  it('sorts on the server by every column, either way, ties broken by id', async () => {
    for (const [sort, value] of [
      ['site', (p: Permit) => p.site_SiteGroupNumber],
      ['vehicleRegistration', (p: Permit) => p.vehicleRegistration],
      ['driverName', (p: Permit) => p.driverName],
      ['type', (p: Permit) => String(p.isTemp)],
      ['ended', (p: Permit) => p.ended],
    ] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const rows = await everyRow(manager, `?state=expiringSoon&sort=${sort}&direction=${direction}`);
        const values = rows.map(value);
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(values, `${sort} ${direction}`).toEqual(direction === 'asc' ? sorted : sorted.reverse());
      }
    }
    const bySite = await page(admin, '?sort=site&direction=desc');
    expect(bySite.rows[0]!.site_SiteGroupNumber >= bySite.rows.at(-1)!.site_SiteGroupNumber).toBe(true);
  });

  it('answers the spec’s permit rows, each in the state asked for', async () => {
    const now = Date.now();
    const current = await everyRow(clerk, '?state=current');
    for (const p of current) {
      expect(Date.parse(p.started)).toBeLessThanOrEqual(now);
      expect(Date.parse(p.ended)).toBeGreaterThan(now);
    }
    for (const p of await everyRow(clerk, '?state=expiringSoon')) {
      expect(Date.parse(p.ended)).toBeLessThanOrEqual(now + 7 * DAY_MS + 60_000);
    }
    for (const p of await everyRow(clerk, '?state=upcoming'))
      expect(Date.parse(p.started)).toBeGreaterThan(now);
    for (const p of await everyRow(clerk, '?state=expired'))
      expect(Date.parse(p.ended)).toBeLessThanOrEqual(now);

    const [first] = current.filter((p) => p.type === 'site');
    const [stored] = await selectRows<{
      driver_name: string;
      vehicle_registration: string;
      is_temp: boolean;
    }>(
      t.database.db,
      sql`select driver_name, vehicle_registration, is_temp from permits where id = ${first!.permitId}`,
    );
    expect(stored).toEqual({
      driver_name: first!.driverName,
      vehicle_registration: first!.vehicleRegistration,
      is_temp: first!.isTemp,
    });
  });

  it('lists a group permit for whoever reaches a member site, also filtered on that site', async () => {
    const clerkSite = client.clerkSite.number;
    const groupsOfClerkSite = await selectRows<{ g: string }>(
      t.database.db,
      sql`select group_number as g from site_group_members where site_number = ${clerkSite}`,
    );
    const groups = groupsOfClerkSite.map((r) => r.g);
    expect(groups).toEqual([client.group.number]);
    const [expected] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from permits where group_number in (${sql.join(
        groups.map((g) => sql`${g}`),
        sql`, `,
      )}) and ended > now() - interval '30 days'`,
    );
    expect(expected!.n).toBe(4);

    const clerkRows = await everyRow(clerk);
    const groupRows = clerkRows.filter((p) => p.type === 'group');
    expect(groupRows).toHaveLength(4);
    expect(new Set(groupRows.map((p) => p.site_SiteGroupNumber))).toEqual(new Set(groups));
    const onSite = await everyRow(clerk, `?siteNumber=${clerkSite}`);
    expect(onSite.map(key).sort()).toEqual(clerkRows.map(key).sort());
    // The manager's list filtered on the same site holds them too, and other sites' permits never.
    const managerOnSite = await everyRow(manager, `?siteNumber=${clerkSite}`);
    expect(new Set(managerOnSite.map((p) => p.site_SiteGroupNumber))).toEqual(
      new Set([clerkSite, ...groups]),
    );

    // Expiring one still needs the group itself.
    const running = groupRows.find((p) => Date.parse(p.started) <= Date.now());
    expect(running).toBeDefined();
    const expire = await api.as(clerk).post(`/api/permits/group/${running!.permitId}/expire`);
    expect([403, 404]).toContain(expire.statusCode);
  });

  it('filters by a normalised registration and treats empty filters as none', async () => {
    const { current, expiringSoon } = client.vehicles;
    const spaced = `${current.slice(0, 4).toLowerCase()} ${current.slice(4)}`;
    const rows = await page(clerk, `?state=current&vehicleRegistration=${encodeURIComponent(spaced)}`);
    expect(rows.rows.map((p) => p.vehicleRegistration)).toEqual([current]);
    expect((await page(clerk, `?state=expired&vehicleRegistration=${current}`)).total).toBe(0);
    expect((await page(clerk, `?state=expiringSoon&vehicleRegistration=${expiringSoon}`)).total).toBe(1);
    expect(await page(clerk, '?state=&siteNumber=&vehicleRegistration=')).toEqual(await page(clerk));
  });

  it('answers a site or group out of reach with 404; bad state, sort or cursor with 400', async () => {
    for (const [who, site] of [
      [clerk, client.sibling.number],
      [clerk, client.otherGroup.number],
      [manager, client.otherSite.number],
      [manager, client.otherGroup.number],
    ] as const) {
      for (const path of ['', '/_count', '/_export']) {
        const res = await get(path, who, `?siteNumber=${site}`);
        expect(res.statusCode, `${path} ${site}`).toBe(404);
        expect(res.headers['content-type']).toContain('application/problem+json');
      }
    }
    for (const query of ['?state=someday', '?sort=password', '?after=%%%', '?after=WzEsMl0', '?skip=1000']) {
      const res = await get('', clerk, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('answers without Permits.View with 403 and without sign-in with 401', async () => {
    expect((await get('', finance)).statusCode).toBe(403);
    expect((await get('/_export', finance)).statusCode).toBe(403);
    expect((await get('', undefined)).statusCode).toBe(401);
  });
});

describe('GET /api/permits/_export (streamed CSV)', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let admin: AuthHeaders;
  let manager: AuthHeaders;
  let client: PermitClient;

  beforeAll(async () => {
    ({ t, admin, manager, client } = await permitTestApp());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('streams every matching row in the list order as UTF-16 tab-separated text with a byte order mark', async () => {
    const res = await api.as(manager).get('/api/permits/_export?state=current');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-16le');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="clientportal-export-\d{14}\.csv"$/,
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const lines = bytes.subarray(2).toString('utf16le').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Site\tVehicle registration\tDriver name\tType\tStart date\tEnd date\tReference\tLast seen\tVisitor link',
    );
    const listed = await api.as(manager).get('/api/permits?state=current');
    const first = listed.json(permitPageSchema);
    expect(lines.length - 1).toBe(first.total);
    const firstRow = first.rows[0]!;
    // The days the user chose, as the table shows them: the start day, and the last day (a permit
    // is stored as ending at 00:00 UK time after it).
    expect(lines[1]).toBe(
      [
        firstRow.site_SiteGroupNumber,
        firstRow.vehicleRegistration,
        firstRow.driverName,
        firstRow.isTemp ? 'Temporary' : 'Permanent',
        ukDate(firstRow.started),
        ukLastDayBefore(firstRow.ended),
        permitReference(firstRow.site_SiteGroupNumber, firstRow.permitId),
        firstRow.lastSeenAt ? ukDateTime(firstRow.lastSeenAt) : 'Not seen',
        // The visitor link (issue 27): empty for a permit no visitor registered.
        firstRow.visitorLink ?? '',
      ].join('\t'),
    );
    expect(lines[1]!.split('\t').slice(0, 7).join('\t')).not.toMatch(/\d\d:\d\d/);
  });

  it('neutralises formulas in exported cells, also after a ; or a tab (Excel splits there)', async () => {
    // Stored as imported data may be: the add and edit forms refuse these characters in a driver name.
    const [permit] = await selectRows<{ id: number; vehicle_registration: string; driver_name: string }>(
      t.database.db,
      sql`select id, vehicle_registration, driver_name from permits
          where site_number = ${client.clerkSite.number} and started <= now() and ended > now()
          order by id limit 1`,
    );
    const payload = 'x;=1+1\t@SUM(1);＝2';
    await t.database.db.execute(sql`update permits set driver_name = ${payload} where id = ${permit!.id}`);
    try {
      const res = await api
        .as(manager)
        .get(`/api/permits/_export?state=current&vehicleRegistration=${permit!.vehicle_registration}`);
      expect(res.statusCode).toBe(200);
      const lines = res.rawPayload.subarray(2).toString('utf16le').trimEnd().split('\r\n');
      const row = lines.find((line) =>
        line.startsWith(`${client.clerkSite.number}\t${permit!.vehicle_registration}\t`),
      );
      expect(row).toContain(`\t"x;'=1+1\t'@SUM(1);'＝2"\t`);
      expect(row).not.toMatch(/[;\t][=+\-@＝＋－＠]/);
    } finally {
      await t.database.db.execute(
        sql`update permits set driver_name = ${permit!.driver_name} where id = ${permit!.id}`,
      );
    }
  });

  it('exports every permit the all-sites list counts, each once', async () => {
    const res = await api.as(admin).get('/api/permits/_export');
    expect(res.statusCode).toBe(200);
    const lines = res.rawPayload.subarray(2).toString('utf16le').trimEnd().split('\r\n');
    const listed = (await api.as(admin).get('/api/permits')).json(permitPageSchema);
    expect(listed.total).toBeGreaterThan(2_000);
    expect(lines.length - 1).toBe(listed.total);
    expect(new Set(lines).size).toBe(lines.length);
  });
});
