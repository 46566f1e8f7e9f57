import { addIsoDays, type Permit, permitPageSchema, TABLE_PAGE_SIZE, ukToday } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHeaders, apiFor } from './api-client.js';
import { accountWith, clientWith, permitAt } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { buildTestApp, type TestApp } from './test-app.js';

/**
 * Permits.AllPermits: without it a user sees (lists, counts, exports, opens, expires) only the
 * permits they added; with it every permit at their sites. The test's reception account lacks it.
 */
describe('Permits.AllPermits scoping', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let clerk: AuthHeaders & { userId: string };
  let reception: AuthHeaders & { userId: string };
  /** A client's site of the test's own, where both accounts work and add permits. */
  let site: string;

  const get = (url: string, headers: AuthHeaders) => api.as(headers).get(url);
  const everyRow = async (headers: AuthHeaders, query = '') => {
    const join = query ? '&' : '?';
    let shown = (await get(`/api/permits${query}`, headers)).json(permitPageSchema);
    const rows: Permit[] = [...shown.rows];
    while (shown.last && rows.length < shown.total) {
      shown = (await get(`/api/permits${query}${join}after=${shown.last}`, headers)).json(permitPageSchema);
      expect(shown.rows.length).toBeLessThanOrEqual(TABLE_PAGE_SIZE);
      rows.push(...shown.rows);
    }
    expect(rows.length).toBe(shown.total);
    return rows;
  };
  const addedBy = async (ids: number[]) => {
    if (ids.length === 0) return new Map<number, string | null>();
    const rows = await selectRows<{ id: number; created_by: string | null }>(
      t.database.db,
      sql`select id, created_by from permits where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    return new Map(rows.map((r) => [r.id, r.created_by]));
  };

  beforeAll(async () => {
    t = await buildTestApp();
    site = (await clientWith(t, { sites: 1 })).sites[0]!.number;
    const clerkAccount = await accountWith(t, {
      features: ['Permits.View', 'Permits.AllPermits', 'Permits.Add', 'Permits.Disable'],
      access: [site],
    });
    clerk = { ...clerkAccount.headers, userId: clerkAccount.userId };
    // As the shared Reception Desk role: it may add and expire, but sees only what it added.
    const receptionAccount = await accountWith(t, {
      features: ['Permits.View', 'Permits.Add', 'Permits.Disable'],
      access: [site],
    });
    reception = { ...receptionAccount.headers, userId: receptionAccount.userId };
    // Each of them added permits in every state there: upcoming, current, expired (within the week).
    const day = 86_400_000;
    const now = Date.now();
    let n = 0;
    for (const by of [clerk.userId, reception.userId, clerk.userId, reception.userId]) {
      for (const [from, to] of [
        [2, 5],
        [-2, 5],
        [-5, -1],
      ] as const) {
        await permitAt(t, site, {
          registration: `AP${String(++n).padStart(3, '0')}QZA`,
          started: new Date(now + from * day),
          ended: new Date(now + to * day),
          createdBy: by,
        });
      }
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists and counts only the permits the user added, in every state, and the whole site for a holder', async () => {
    for (const query of ['', '?state=current', '?state=expired', '?state=upcoming', `?siteNumber=${site}`]) {
      const mine = await everyRow(reception, query);
      const all = await everyRow(clerk, query);
      const owners = await addedBy(all.map((p) => p.permitId));
      const expected = all.filter((p) => owners.get(p.permitId) === reception.userId).map((p) => p.permitId);
      expect(expected.length, query).toBeGreaterThan(0);
      expect(all.length, query).toBeGreaterThan(expected.length);
      expect(mine.map((p) => p.permitId).sort(), query).toEqual(expected.sort());
      const counted = await get(`/api/permits/_count${query}`, reception);
      expect(counted.json(), query).toEqual({ count: expected.length });
    }
  });

  it('exports only the permits the user added', async () => {
    const total = (await everyRow(reception)).length;
    const res = await get('/api/permits/_export', reception);
    expect(res.statusCode).toBe(200);
    expect([...res.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const lines = res.rawPayload.subarray(2).toString('utf16le').trim().split('\r\n');
    expect(lines.length - 1).toBe(total);
  });

  it('answers 404 for a permit at the same site added by someone else, to read or to expire', async () => {
    const [other] = await selectRows<{ id: number; ended: Date | string }>(
      t.database.db,
      sql`select id, ended from permits where site_number = ${site} and created_by = ${clerk.userId}::uuid
          and started <= now() and ended > now() order by id limit 1`,
    );
    expect(other).toBeDefined();
    expect((await get(`/api/permits/site/${other!.id}`, reception)).statusCode).toBe(404);
    expect((await get(`/api/permits/site/${other!.id}`, clerk)).statusCode).toBe(200);
    const expire = await api.as(reception).post(`/api/permits/site/${other!.id}/expire`, {});
    expect(expire.statusCode).toBe(404);
    expect(expire.headers['content-type']).toContain('application/problem+json');
    const [after] = await selectRows<{ ended: Date | string }>(
      t.database.db,
      sql`select ended from permits where id = ${other!.id}`,
    );
    expect(new Date(after!.ended).getTime()).toBe(new Date(other!.ended).getTime());
  });

  it('shows a permit the user adds in their own list at once', async () => {
    const before = (await get('/api/permits/_count', reception)).json().count as number;
    const added = await api.as(reception).post('/api/permits?mode=single', [
      {
        id: 0,
        site_SiteGroupNumber: site,
        vehicleRegistration: 'RC26 OWN',
        driverName: 'Rita Reception',
        duration: 'Temporary',
        started: addIsoDays(ukToday(new Date()), 1),
        ended: addIsoDays(ukToday(new Date()), 3),
        reason: 1,
        authorisedBy: 'Front Desk',
      },
    ]);
    expect(added.statusCode, added.body).toBe(201);
    expect((await get('/api/permits/_count', reception)).json().count).toBe(before + 1);
    const mine = await everyRow(reception, '?vehicleRegistration=RC26OWN');
    expect(mine).toHaveLength(1);
  });
});
