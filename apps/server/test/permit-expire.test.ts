import { permitPageSchema, permitSchema } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHeaders, apiFor } from './api-client.js';
import { selectRows } from './fixture-rows.js';
import { type Bearer, type PermitClient, permitTestApp, problemOf } from './permit-fixture.js';
import type { TestApp } from './test-app.js';

describe('one permit: GET /api/permits/{type}/{permitId} and POST …/expire', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let admin: Bearer;
  let manager: Bearer;
  let clerk: Bearer;
  let bolt: Bearer;
  let finance: Bearer;
  let client: PermitClient;

  const get = (path: string, headers?: AuthHeaders) => api.as(headers).get(`/api/permits/${path}`);
  /** The body is optional: `bare` sends none at all. */
  const expire = (path: string, headers?: AuthHeaders, bare = false) =>
    api.as(headers).post(`/api/permits/${path}/expire`, bare ? undefined : {});
  const problem = problemOf;
  /** The id of one of the fixture's permits: a site permit of a clerk-site vehicle, or a group permit in a state. */
  const idOf = async (where: ReturnType<typeof sql>) => {
    const [row] = await selectRows<{ id: number }>(
      t.database.db,
      sql`select id from permits where ${where} order by id limit 1`,
    );
    expect(row).toBeDefined();
    return row!.id;
  };
  const siteVehicle = (registration: string) =>
    idOf(
      sql`scope = 'site' and site_number = ${client.clerkSite.number} and vehicle_registration = ${registration}`,
    );
  const running = sql`started <= now() and ended > now()`;
  const listed = async (state: string, registration: string) => {
    const res = await api.as(manager).get(`/api/permits?state=${state}&vehicleRegistration=${registration}`);
    return res.json(permitPageSchema).rows.map((p) => p.permitId);
  };

  beforeAll(async () => {
    ({ t, admin, manager, clerk, bolt, finance, client } = await permitTestApp());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('documents the permit calls and their answers in the OpenAPI document', async () => {
    const doc = (await api.get('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { tags: string[]; responses: Record<string, unknown> }>>;
    };
    const responses = (path: string, method: string) => {
      const operation = doc.paths[path]?.[method];
      expect(operation?.tags, `${method} ${path}`).toEqual(['permits']);
      return Object.keys(operation?.responses ?? {}).sort();
    };
    // 429: an API key past its rate limit (decision 43).
    expect(responses('/api/permits', 'post')).toEqual(['201', '400', '401', '403', '409', '429', '503']);
    expect(responses('/api/permits/{type}/{permitId}', 'get')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '429',
      '503',
    ]);
    expect(responses('/api/permits/{type}/{permitId}/expire', 'post')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '429',
      '503',
    ]);
    const notFound = doc.paths['/api/permits/{type}/{permitId}']?.get?.responses['404'] as {
      content: Record<string, unknown>;
    };
    expect(Object.keys(notFound.content)).toEqual(['application/problem+json']);
  });

  describe('GET one permit', () => {
    it('answers a permit in reach with View or Disable, the same as the list row', async () => {
      const id = await siteVehicle(client.vehicles.current);
      const res = await get(`site/${id}`, clerk);
      expect(res.statusCode, res.body).toBe(200);
      const permit = res.json(permitSchema);
      expect(permit).toMatchObject({
        type: 'site',
        permitId: id,
        site_SiteGroupNumber: client.clerkSite.number,
        vehicleRegistration: client.vehicles.current,
      });
      const row = (
        await api.as(clerk).get(`/api/permits?vehicleRegistration=${permit.vehicleRegistration}`)
      ).json().rows[0];
      // The list row also says when the vehicle was last seen; the rest is the same, the visitor link it
      // came through (none here) included.
      const { lastSeenAt: _seen, ...listed } = permitSchema.parse(row);
      expect(permit.visitorLink).toBeNull();
      expect(listed).toEqual(permit);
      expect((await get(`site/${id}`, admin)).statusCode).toBe(200);
      expect((await get(`site/${id}`, finance)).statusCode).toBe(403);
      expect((await get(`site/${id}`)).statusCode).toBe(401);
    });

    it('answers 404 alike for an unknown permit, the other type and one out of reach', async () => {
      const site = await siteVehicle(client.vehicles.current);
      const group = await idOf(sql`scope = 'group' and group_number = ${client.group.number}`);
      const bolts = await idOf(sql`scope = 'site' and site_number = ${client.otherSite.number}`);
      expect((await get(`group/${group}`, manager)).statusCode).toBe(200);
      const details = new Set<string>();
      for (const [path, headers] of [
        [`site/${site}`, bolt],
        [`group/${site}`, manager],
        [`site/${group}`, manager],
        [`group/${group}`, clerk],
        [`site/${bolts}`, manager],
        ['site/99999999', admin],
      ] as const) {
        details.add(problem(await get(path, headers), 404).detail);
      }
      expect(details.size).toBe(1);
      problem(await get('fleet/1', admin), 400);
      problem(await get('site/abc', admin), 400);
      problem(await get('site/0', admin), 400);
    });
  });

  describe('expire', () => {
    it('needs Permits.Disable (403 for the clerk) and the permit in reach (404)', async () => {
      const id = await siteVehicle(client.vehicles.expiringSoon);
      problem(await expire(`site/${id}`, clerk), 403);
      problem(await expire(`site/${id}`, bolt), 404);
      problem(await expire(`group/${id}`, manager), 404);
      problem(await expire(`site/${id}`), 401);
      expect(await listed('current', client.vehicles.expiringSoon)).toEqual([id]);
    });

    it('ends a running permit now, which is then listed as expired, and audits it', async () => {
      const registration = client.vehicles.current;
      const id = await siteVehicle(registration);
      const before = Date.now();
      const res = await expire(`site/${id}`, manager, true);
      expect(res.statusCode, res.body).toBe(200);
      const permit = res.json(permitSchema);
      expect(permit.permitId).toBe(id);
      expect(Date.parse(permit.ended)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(permit.ended)).toBeLessThanOrEqual(Date.now());
      expect((await get(`site/${id}`, manager)).json()).toMatchObject(permit);
      expect(await listed('current', registration)).toEqual([]);
      expect(await listed('expired', registration)).toEqual([id]);
      const [audit] = await selectRows<{ description: string }>(
        t.database.db,
        sql`select description from audit_events where type = 'PermitExpired' and actor_user_id = ${manager.userId}`,
      );
      expect(audit?.description).toContain(registration);

      expect(problem(await expire(`site/${id}`, manager), 409).detail).toBe('This permit has already ended.');
    });

    it('refuses (409) a permit that has not started yet or has already ended', async () => {
      const upcoming = await siteVehicle(client.vehicles.upcoming);
      const expired = await siteVehicle(client.vehicles.expired);
      expect(problem(await expire(`site/${upcoming}`, manager), 409).detail).toMatch(/not started/);
      expect(problem(await expire(`site/${expired}`, manager), 409).detail).toMatch(/already ended/);
      expect(await listed('upcoming', client.vehicles.upcoming)).toEqual([upcoming]);
    });

    it('expires a group permit for a holder of the group, not for a clerk of one member site', async () => {
      const id = await idOf(sql`scope = 'group' and group_number = ${client.group.number} and ${running}`);
      problem(await expire(`group/${id}`, clerk), 403);
      const res = await expire(`group/${id}`, manager);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        type: 'group',
        site_SiteGroupNumber: client.group.number,
        permitId: id,
      });
    });

    it('lets only one of two concurrent expiries of the same permit through', async () => {
      const id = await idOf(sql`scope = 'site' and site_number = ${client.sibling.number} and ${running}`);
      const results = await Promise.all([expire(`site/${id}`, manager), expire(`site/${id}`, admin)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });
  });
});
