import { allFeatureNames } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres } from '../src/db/client.js';
import { loadPrincipalRecord } from '../src/modules/access/access-repository.js';
import { callerCacheKey } from '../src/modules/access/caller-cache.js';
import { type AuthHeaders, apiFor } from './api-client.js';
import { accountWith, clientWith, roleWith, type TestSite } from './factories.js';
import { buildSecondInstance, buildTestApp, type TestApp } from './test-app.js';

/**
 * The caller is cached per process (decision 10). Two instances of the app share one database, as
 * two processes would: a change made through either applies to the very next request on both.
 */
describe('callers cached per process, dropped on every change by any process', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let second: Awaited<ReturnType<typeof buildSecondInstance>>;
  let admin: AuthHeaders;
  /** A role to parent the probe role, and the clerk's role. */
  let parentRole: number;
  let clerkRole: number;
  /** A client's sites in one group; the clerk has the first. */
  let sites: TestSite[];
  let group: string;
  const s = (i: number) => sites[i]!.number;

  const get = (app: FastifyInstance, url: string, headers: AuthHeaders) =>
    apiFor({ app }).as(headers).get(url);
  const sitesOf = async (app: FastifyInstance, headers: AuthHeaders) =>
    (await get(app, '/api/sites/accessible', headers))
      .json()
      .map((s: { siteNumber: string }) => s.siteNumber);

  beforeAll(async () => {
    t = await buildTestApp();
    second = await buildSecondInstance(t);
    admin = (await accountWith(t, { features: allFeatureNames, access: 'all' })).headers;
    parentRole = await roleWith(t, ['Permits.View', 'Users.View']);
    clerkRole = await roleWith(t, ['Permits.View', 'Permits.Add']);
    const client = await clientWith(t, { sites: 5, group: true });
    sites = client.sites;
    group = client.group!.number;
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('answers a signed-in request from memory once the caller is loaded', async () => {
    const { headers: clerk, userId } = await accountWith(t, { roles: [clerkRole], access: [s(0)] });
    const cache = t.app.caches.callers;
    const sessionId = clerk.sessionId;
    // Making the session announced a change (on PostgreSQL the NOTIFY may still be on its way).
    await vi.waitFor(async () => {
      expect((await get(t.app, '/api/user/info', clerk)).statusCode).toBe(200);
      const load = vi.fn(() => loadPrincipalRecord(t.database.kysely, userId, sessionId));
      expect(await cache.read(callerCacheKey(userId, sessionId), load)).toMatchObject({ userId });
      expect(load).not.toHaveBeenCalled();
    });
  });

  it('applies site, role and role-feature changes made through one instance to the next request on both', async () => {
    const account = await accountWith(t, { roles: [clerkRole], access: [s(3), s(4)] });
    const { userId: id, headers: james } = account;
    for (const app of [t.app, second.app]) {
      expect(await sitesOf(app, james)).toEqual([s(3), s(4)]);
      expect((await get(app, '/api/user/accounts', james)).statusCode).toBe(403);
    }
    const probe = await api.as(admin).post('/api/application/roles', {
      name: 'Cache Probe',
      parentApplicationRoleId: parentRole,
      features: ['Users.View'],
    });
    expect(probe.statusCode).toBe(201);
    const probeId = probe.json().applicationRoleId as number;

    const changed = await api.as(admin).put(`/api/user/accounts/${id}`, {
      email: account.email,
      access: [s(3)],
      roles: [probeId],
      flags: [],
    });
    expect(changed.statusCode).toBe(200);
    expect(await sitesOf(second.app, james)).toEqual([s(3)]);
    expect((await get(second.app, '/api/user/accounts', james)).statusCode).toBe(200);
    expect(await sitesOf(t.app, james)).toEqual([s(3)]);
    expect((await get(t.app, '/api/user/accounts', james)).statusCode).toBe(200);

    // The role loses the feature, through the second instance: the first one applies it next.
    const shrunk = await apiFor(second)
      .as(admin)
      .put(`/api/application/roles/${probeId}`, { name: 'Cache Probe', features: [] });
    expect(shrunk.statusCode).toBe(200);
    expect((await get(t.app, '/api/user/accounts', james)).statusCode).toBe(403);
    expect((await get(second.app, '/api/user/accounts', james)).statusCode).toBe(403);
  });

  it('stops an account removed by hand, through another connection, on the very next request', async () => {
    const other = t.url ? await openPostgres(t.url, { poolSize: 1 }) : t.database;
    try {
      const { headers: emily, userId: emilyId } = await accountWith(t, {
        roles: [clerkRole],
        access: [s(4)],
      });
      for (const app of [t.app, second.app])
        expect((await get(app, '/api/user/info', emily)).statusCode).toBe(200);
      await other.db.execute(sql`update users set removed_at = now() where id = ${emilyId}`);
      expect((await get(second.app, '/api/user/info', emily)).statusCode).toBe(401);
      expect((await get(t.app, '/api/user/info', emily)).statusCode).toBe(401);
    } finally {
      if (other !== t.database) await other.close();
    }
  });

  it('stops a removed account on the next request on both instances', async () => {
    const { userId: id, headers: sarah } = await accountWith(t, { roles: [clerkRole], access: [s(1)] });
    for (const app of [t.app, second.app])
      expect((await get(app, '/api/user/info', sarah)).statusCode).toBe(200);
    expect((await apiFor(second).as(admin).delete(`/api/user/accounts/${id}`)).statusCode).toBe(204);
    expect((await get(t.app, '/api/user/info', sarah)).statusCode).toBe(401);
    expect((await get(second.app, '/api/user/info', sarah)).statusCode).toBe(401);
  });

  it('is emptied by a change by hand to any table the reload reads', async () => {
    // Another process's connection: a second pool on PostgreSQL, the same database on PGlite.
    const other = t.url ? await openPostgres(t.url, { poolSize: 1 }) : t.database;
    const { headers: clerk, userId: clerkId } = await accountWith(t, { roles: [clerkRole], access: [s(0)] });
    const key = callerCacheKey(clerkId, clerk.sessionId);
    const reload = () => loadPrincipalRecord(t.database.kysely, clerkId, clerk.sessionId);
    const changes = [
      sql`update users set failed_sign_ins = failed_sign_ins where id = ${clerkId}`,
      sql`update sessions set type = type where id = ${clerk.sessionId}`,
      sql`update user_roles set role_id = role_id where user_id = ${clerkId}`,
      sql`update role_features set feature = feature where role_id = ${clerkRole}`,
      sql`delete from user_flags where user_id = ${clerkId} and flag = 'none'`,
      sql`update user_access set site_number = site_number where user_id = ${clerkId}`,
      sql`update site_group_members set site_number = site_number where group_number = ${group}`,
    ];
    try {
      for (const change of changes) {
        const cache = t.app.caches.callers;
        await vi.waitFor(async () => {
          expect((await get(t.app, '/api/user/info', clerk)).statusCode).toBe(200);
          const kept = vi.fn(reload);
          await cache.read(key, kept);
          expect(kept).not.toHaveBeenCalled();
        });
        await other.db.execute(change);
        // Settled (as every signed-in request does first), the change has emptied the cache.
        expect(await t.app.caches.callers.settle()).toBe(true);
        const reloaded = vi.fn(reload);
        await cache.read(key, reloaded);
        expect(reloaded).toHaveBeenCalled();
      }
    } finally {
      if (other !== t.database) await other.close();
    }
  });
});
