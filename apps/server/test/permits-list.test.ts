import { permitListSchema } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/rows.js';
import { demoFacts } from '../src/db/seed/index.js';
import { bearerFor } from './sign-in-as.js';
import { buildTestApp, type TestApp } from './test-app.js';

type Headers = { authorization: string };
const states = ['current', 'expired', 'expiringSoon', 'upcoming'] as const;
const DAY_MS = 86_400_000;

describe('GET /api/permits', () => {
  let t: TestApp;
  let clerk: Headers;
  let manager: Headers;
  let admin: Headers;

  const get = (path: string, headers: Headers | undefined, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/permits${path}${query}`, headers });
  const list = async (headers: Headers, query = '') => {
    const res = await get('', headers, query);
    expect(res.statusCode, query).toBe(200);
    return permitListSchema.parse(res.json());
  };
  const count = async (headers: Headers, query = '') => {
    const res = await get('/_count', headers, query);
    expect(res.statusCode, query).toBe(200);
    return (res.json() as { count: number }).count;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    clerk = await bearerFor(t, 'clerk@acme.example');
    manager = await bearerFor(t, 'manager@acme.example');
    admin = await bearerFor(t, 'admin@operator.example');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists exactly as many permits as _count, for the clerk and the manager, in every state', async () => {
    for (const [who, headers] of [
      ['clerk', clerk],
      ['manager', manager],
    ] as const) {
      for (const state of [...states, undefined]) {
        const query = state ? `?state=${state}` : '';
        const rows = await list(headers, query);
        expect(rows.length, `${who} ${state}`).toBe(await count(headers, query));
        expect(rows.length, `${who} ${state}`).toBeGreaterThan(0);
      }
    }
    const filtered = '?state=current&siteNumber=1002';
    expect((await list(manager, filtered)).length).toBe(await count(manager, filtered));
    const groupOnly = '?siteNumber=sg01';
    const groupRows = await list(manager, groupOnly);
    expect(groupRows.length).toBe(await count(manager, groupOnly));
    expect(new Set(groupRows.map((p) => `${p.type} ${p.site_SiteGroupNumber}`))).toEqual(
      new Set(['group SG01']),
    );
  });

  it('answers the spec’s permit rows, newest start first, each in the state asked for', async () => {
    const now = Date.now();
    const current = await list(clerk, '?state=current');
    for (const p of current) {
      expect(p.type).toBe('site');
      expect(p.site_SiteGroupNumber).toBe(demoFacts.clerkSite.number);
      expect(Date.parse(p.started)).toBeLessThanOrEqual(now);
      expect(Date.parse(p.ended)).toBeGreaterThan(now);
    }
    for (const p of await list(clerk, '?state=expiringSoon')) {
      expect(Date.parse(p.ended)).toBeLessThanOrEqual(now + 7 * DAY_MS + 60_000);
    }
    for (const p of await list(clerk, '?state=upcoming')) expect(Date.parse(p.started)).toBeGreaterThan(now);
    for (const p of await list(clerk, '?state=expired')) expect(Date.parse(p.ended)).toBeLessThanOrEqual(now);

    const all = await list(manager);
    const starts = all.map((p) => Date.parse(p.started));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    expect(new Set(all.map((p) => p.isTemp))).toEqual(new Set([true, false]));

    // Every field matches the stored row.
    const [first] = current;
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

  it('filters by a normalised registration and treats empty filters as none', async () => {
    const { current, expiringSoon } = demoFacts.vehiclesAtClerkSite;
    const spaced = `${current.slice(0, 4).toLowerCase()} ${current.slice(4)}`;
    const rows = await list(clerk, `?state=current&vehicleRegistration=${encodeURIComponent(spaced)}`);
    expect(rows.map((p) => p.vehicleRegistration)).toEqual([current]);
    expect(await list(clerk, `?state=expired&vehicleRegistration=${current}`)).toEqual([]);
    expect((await list(clerk, `?state=expiringSoon&vehicleRegistration=${expiringSoon}`)).length).toBe(1);
    expect(await list(clerk, '?state=&siteNumber=&vehicleRegistration=')).toEqual(await list(clerk));
  });

  it('answers a site or group out of reach with 404, a bad state with 400', async () => {
    for (const [who, site] of [
      [clerk, '1002'],
      [clerk, 'SG01'],
      [manager, '2001'],
      [manager, 'SG02'],
    ] as const) {
      const res = await get('', who, `?siteNumber=${site}`);
      expect(res.statusCode, site).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect((await get('', clerk, '?state=someday')).statusCode).toBe(400);
  });

  it('answers without Permits.View with 403 and without sign-in with 401', async () => {
    const financeViewer = await bearerFor(t, 'noah.hall@bolt.example');
    expect((await get('', financeViewer)).statusCode).toBe(403);
    expect((await get('', undefined)).statusCode).toBe(401);
  });

  it('lists the whole estate for all-sites access quickly', async () => {
    const started = performance.now();
    const res = await get('', admin);
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(200);
    const rows = permitListSchema.parse(res.json());
    expect(rows.length).toBe(await count(admin));
    const managerStarted = performance.now();
    const managerRes = await get('', manager);
    const managerMs = performance.now() - managerStarted;
    // Reported so the size and time of the biggest answers stay visible.
    console.info(
      `GET /api/permits: admin ${rows.length} rows, ${res.body.length} bytes, ${Math.round(ms)} ms; ` +
        `manager ${managerRes.json().length} rows, ${managerRes.body.length} bytes, ${Math.round(managerMs)} ms`,
    );
    expect(ms).toBeLessThan(5_000);
  });
});
