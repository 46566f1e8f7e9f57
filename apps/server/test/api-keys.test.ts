import {
  API_KEY_PREFIX,
  type ApiKeyPage,
  allFeatureNames,
  apiKeyLastDay,
  apiKeyPageSchema,
  createdApiKeySchema,
  type FeatureName,
  permitAddResultSchema,
  permitHistorySchema,
  permitPageSchema,
  ukToday,
} from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { leaseSize, RateLimitLeases } from '../src/modules/identity/rate-limit.js';
import { type AuthHeaders, apiFor } from './api-client.js';
import { accountWith, clientWith, permitAt, type TestSite } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { newRegistrations, problemOf, ukDay } from './permit-fixture.js';
import { buildSecondInstance, buildTestApp, type TestApp } from './test-app.js';

/** Requests one key may make a minute in these tests (the 429 test spends a key's minute). */
const KEY_LIMIT = 12;

/**
 * API keys (issue 26, decision 43): a client manager's key acts as a principal within the features
 * and sites it names, never reaches administration, expires, is revoked at once in every process, is
 * rate-limited in the database, and its creation, use (once a minute) and revocation are audited.
 */
describe('API keys', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let second: Awaited<ReturnType<typeof buildSecondInstance>>;
  /** The client's three sites in one group; the manager has the first two. */
  let sites: TestSite[];
  let group: TestSite;
  const s = (i: number) => sites[i]!.number;
  let manager: AuthHeaders;
  let managerId: string;
  let admin: AuthHeaders;
  /** Another client's manager, and their site. */
  let bolt: AuthHeaders;
  let boltSite: string;
  const reg = newRegistrations('KY', 5);

  const managerFeatures: FeatureName[] = [
    'Users.Add',
    'Users.View',
    'Roles.View',
    'Permits.View',
    'Permits.AllPermits',
    'Permits.Add',
    'Permits.Disable',
    'Tickets.Cancel',
  ];

  const keyBody = (fields: Record<string, unknown> = {}) => ({
    name: 'Rota system',
    expiresOn: ukDay(30),
    features: ['Permits.View', 'Permits.AllPermits', 'Permits.Add'],
    access: [s(0)],
    ...fields,
  });
  const createKey = async (fields: Record<string, unknown> = {}, by: AuthHeaders = manager) => {
    const res = await api.as(by).post('/api/api-keys', keyBody(fields));
    expect(res.statusCode, res.body).toBe(201);
    return res.json(createdApiKeySchema);
  };
  const bearer = (key: string): AuthHeaders => ({ authorization: `Bearer ${key}` });
  const auditOf = (keyId: string) =>
    selectRows<{ type: string; actor_email: string; subject_email: string }>(
      t.database.db,
      sql`select type, actor_email, subject_email from audit_events
          where details->>'apiKeyId' = ${keyId} order by id`,
    );
  const permitAdd = (headers: AuthHeaders, site: string) =>
    api.as(headers).post('/api/permits?mode=single', [
      {
        id: 0,
        site_SiteGroupNumber: site,
        vehicleRegistration: reg(),
        driverName: 'Night Shift',
        duration: 'Temporary',
        reason: 2,
        authorisedBy: 'Rota system',
        started: ukDay(0),
        ended: ukDay(7),
      },
    ]);

  beforeAll(async () => {
    t = await buildTestApp({ env: { API_KEY_REQUESTS_PER_MINUTE: String(KEY_LIMIT) } });
    second = await buildSecondInstance(t);
    const client = await clientWith(t, { sites: 3, group: true });
    sites = client.sites;
    group = client.group!;
    const account = await accountWith(t, { features: managerFeatures, access: [s(0), s(1)] });
    manager = account.headers;
    managerId = account.userId;
    admin = (await accountWith(t, { features: allFeatureNames, access: 'all' })).headers;
    const theirs = await clientWith(t, { sites: 1 });
    boltSite = theirs.sites[0]!.number;
    bolt = (await accountWith(t, { features: managerFeatures, access: [boltSite] })).headers;
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  describe('creation', () => {
    it('answers the key once, and keeps only its hash, prefix and last four characters', async () => {
      const created = await createKey();
      expect(created.key).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
      expect(created.hint).toBe(`${API_KEY_PREFIX}…${created.key.slice(-4)}`);
      expect(created).toMatchObject({
        name: 'Rota system',
        state: 'active',
        lastUsedAt: null,
        access: [s(0)],
      });
      const [row] = await selectRows<Record<string, unknown>>(
        t.database.db,
        sql`select * from api_keys where id = ${created.id}`,
      );
      expect(JSON.stringify(row)).not.toContain(created.key.slice(API_KEY_PREFIX.length));
      expect(row).toMatchObject({ last_four: created.key.slice(-4), created_by: managerId });

      const listed = (await api.as(manager).get('/api/api-keys')).json(apiKeyPageSchema);
      const shown = listed.rows.find((k) => k.id === created.id);
      expect(shown).toMatchObject({ hint: created.hint, state: 'active' });
      expect(JSON.stringify(listed)).not.toContain(created.key);
      expect(await auditOf(created.id)).toEqual([
        expect.objectContaining({ type: 'ApiKeyCreated', actor_email: expect.stringContaining('@') }),
      ]);
    });

    it('refuses features and sites beyond the manager, and features no key may hold', async () => {
      const beyond = problemOf(
        await api
          .as(manager)
          .post('/api/api-keys', keyBody({ features: ['Tickets.Reduce'], access: [s(2)] })),
        400,
      );
      expect(beyond.errors).toEqual({
        features: ['You do not hold these features: Tickets.Reduce.'],
        access: [`These sites or groups are not assigned to you: ${s(2)}.`],
      });
      const admin = problemOf(
        await api.as(manager).post('/api/api-keys', keyBody({ features: ['Users.View'] })),
        400,
      );
      expect(admin.errors).toEqual({ 'features.0': ['An API key cannot hold this feature.'] });
      const ungranted = problemOf(
        await api.as(manager).post('/api/api-keys', keyBody({ access: [group.number] })),
        400,
      );
      expect(ungranted.errors?.access).toHaveLength(1);
    });

    it('expires within a year, and is made by client managers only', async () => {
      const tooLate = problemOf(
        await api.as(manager).post('/api/api-keys', keyBody({ expiresOn: ukDay(400) })),
        400,
      );
      expect(tooLate.errors).toEqual({
        expiresOn: [`A key expires within a year: ${apiKeyLastDay(ukToday())} at the latest.`],
      });
      problemOf(await api.as(manager).post('/api/api-keys', keyBody({ expiresOn: ukDay(0) })), 400);
      problemOf(await api.as(admin).post('/api/api-keys', keyBody()), 403);
      const clerk = await accountWith(t, { features: ['Permits.View', 'Permits.Add'], access: [s(0)] });
      problemOf(await api.as(clerk).post('/api/api-keys', keyBody()), 403);
      problemOf(await api.as(clerk).get('/api/api-keys'), 403);
    });
  });

  describe('scope', () => {
    it('acts within its features and sites as a user with that role would', async () => {
      const { key } = await createKey();
      const atMine = await permitAt(t, s(0), { registration: reg(), started: ukDay(-1), ended: ukDay(5) });
      await permitAt(t, s(1), { registration: reg(), started: ukDay(-1), ended: ukDay(5) });

      const listed = await api.as(bearer(key)).get(`/api/permits?state=current`);
      expect(listed.statusCode, listed.body).toBe(200);
      const page = listed.json(permitPageSchema);
      expect(page.rows.map((p) => p.site_SiteGroupNumber)).toEqual([s(0)]);
      expect(page.rows.map((p) => p.permitId)).toEqual([atMine]);

      const added = await permitAdd(bearer(key), s(0));
      expect(added.statusCode, added.body).toBe(201);
      // Its history names the key beside its creator.
      const [permit] = added.json(permitAddResultSchema).permits;
      const history = await api.as(manager).get(`/api/permits/site/${permit!.permitId}/history`);
      expect(history.json(permitHistorySchema).events).toEqual([
        expect.objectContaining({ kind: 'added', by: expect.stringContaining('@'), apiKey: 'Rota system' }),
      ]);
      const elsewhere = problemOf(await permitAdd(bearer(key), s(1)), 400);
      expect(elsewhere.errors).toEqual({ site_SiteGroupNumber: [`${s(1)} is not assigned to your account`] });
      // Expiring needs Permits.Disable, which the manager holds and the key does not.
      problemOf(await api.as(bearer(key)).post(`/api/permits/site/${atMine}/expire`, {}), 403);
    });

    it('never reaches user, role, key or settings administration, nor the signed-in user routes', async () => {
      const { id, key } = await createKey({ features: ['Permits.View'] });
      // Even a key whose row names administration features (written by hand) holds none of them but
      // Users.Add, which on a key opens only SCIM (decision 46): no administration route takes a key.
      await t.database.db.execute(
        sql`update api_keys
            set features = string_to_array(${'Permits.View,Users.View,Users.Add,Roles.View,Application.SysAdmin'}, ',')
            where id = ${id}`,
      );
      const asKey = api.as(bearer(key));
      for (const [method, url] of [
        ['GET', '/api/user/accounts'],
        ['GET', '/api/application/roles'],
        ['GET', '/api/api-keys'],
        ['POST', `/api/api-keys/${id}/revoke`],
        ['GET', '/api/user/info'],
        ['GET', '/api/admin/jobs'],
        ['GET', '/api/user/recent-actions'],
      ] as const) {
        const res = await asKey.request(method, url);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
        expect(res.headers['content-type']).toContain('application/problem+json');
      }
      expect((await asKey.get('/api/permits')).statusCode).toBe(200);
    });

    it('loses what its creator loses, at once', async () => {
      const account = await accountWith(t, { features: managerFeatures, access: [s(0), s(1)] });
      const created = await createKey({ access: [s(0), s(1)] }, account.headers);
      await permitAt(t, s(1), { registration: reg(), started: ukDay(-1), ended: ukDay(5) });
      const sitesOf = async () =>
        (await api.as(bearer(created.key)).get('/api/sites/accessible'))
          .json()
          .map((site: { siteNumber: string }) => site.siteNumber);
      expect(await sitesOf()).toEqual([s(0), s(1)]);
      await t.database.db.execute(
        sql`delete from user_access where user_id = ${account.userId} and site_number = ${s(1)}`,
      );
      expect(await sitesOf()).toEqual([s(0)]);
      await t.database.db.execute(sql`update users set removed_at = now() where id = ${account.userId}`);
      problemOf(await api.as(bearer(created.key)).get('/api/sites/accessible'), 401);
    });

    it('stops when it expires, and an unknown key is refused', async () => {
      const { id, key } = await createKey();
      expect((await api.as(bearer(key)).get('/api/permits')).statusCode).toBe(200);
      await t.database.db.execute(
        sql`update api_keys set expires_at = now() - interval '1 second' where id = ${id}`,
      );
      problemOf(await api.as(bearer(key)).get('/api/permits'), 401);
      problemOf(await api.as(bearer(`${API_KEY_PREFIX}${'x'.repeat(43)}`)).get('/api/permits'), 401);
      const listed = (await api.as(manager).get('/api/api-keys?state=expired')).json(apiKeyPageSchema);
      expect(listed.rows.map((k) => k.id)).toContain(id);
    });
  });

  describe('revocation and visibility', () => {
    it('stops a key at once in every process, and is audited', async () => {
      const { id, key } = await createKey();
      const other = apiFor({ app: second.app });
      expect((await api.as(bearer(key)).get('/api/permits')).statusCode).toBe(200);
      expect((await other.as(bearer(key)).get('/api/permits')).statusCode).toBe(200);

      const revoked = await api.as(manager).post(`/api/api-keys/${id}/revoke`);
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(revoked.json()).toMatchObject({ id, state: 'revoked' });
      problemOf(await other.as(bearer(key)).get('/api/permits'), 401);
      problemOf(await api.as(bearer(key)).get('/api/permits'), 401);
      expect((await auditOf(id)).map((e) => e.type)).toEqual([
        'ApiKeyCreated',
        'ApiKeyUsed',
        'ApiKeyRevoked',
      ]);
      // Revoking again changes nothing and records nothing.
      expect((await api.as(manager).post(`/api/api-keys/${id}/revoke`)).statusCode).toBe(200);
      expect(await auditOf(id)).toHaveLength(3);
    });

    it('shows every key to the operator and a company its own; another company revokes nothing', async () => {
      const { id } = await createKey({ name: 'Visitor desk' });
      const seenBy = async (headers: AuthHeaders) => {
        const ids: string[] = [];
        let after: string | null = null;
        for (;;) {
          const res = await api.as(headers).get(`/api/api-keys${after ? `?after=${after}&page=2` : ''}`);
          const page: ApiKeyPage = res.json(apiKeyPageSchema);
          ids.push(...page.rows.map((k) => k.id));
          if (page.rows.length < 10 || !page.last) return { ids, total: page.total };
          after = page.last;
        }
      };
      expect((await seenBy(admin)).ids).toContain(id);
      // A system administrator who adds no users sees every key too, and makes none.
      const sysAdmin = (await accountWith(t, { features: ['Application.SysAdmin'], access: 'all' })).headers;
      expect((await seenBy(sysAdmin)).ids).toContain(id);
      problemOf(await api.as(sysAdmin).post('/api/api-keys', keyBody()), 403);
      expect((await seenBy(manager)).ids).toContain(id);
      expect((await seenBy(bolt)).ids).not.toContain(id);
      problemOf(await api.as(bolt).post(`/api/api-keys/${id}/revoke`), 404);
      const byOperator = await api.as(admin).post(`/api/api-keys/${id}/revoke`);
      expect(byOperator.json()).toMatchObject({ state: 'revoked' });
    });

    it('pages the list by the server, newest first', async () => {
      for (let i = 0; i < 11; i++) await createKey({ name: `Batch ${i}`, access: [boltSite] }, bolt);
      const first = (await api.as(bolt).get('/api/api-keys')).json(apiKeyPageSchema);
      expect(first.total).toBe(11);
      expect(first.rows.map((k) => k.name).slice(0, 2)).toEqual(['Batch 10', 'Batch 9']);
      const next = (await api.as(bolt).get(`/api/api-keys?after=${first.last}&page=2`)).json(
        apiKeyPageSchema,
      );
      expect(next.rows.map((k) => k.name)).toEqual(['Batch 0']);
    });
  });

  describe('use', () => {
    it('writes the last use and its audit entry at most once a minute, whatever the processes', async () => {
      const { id, key } = await createKey();
      const lastUse = async () =>
        (
          await selectRows<{ at: string | null }>(
            t.database.db,
            sql`select last_used_at::text as at from api_keys where id = ${id}`,
          )
        )[0]!.at;
      expect(await lastUse()).toBeNull();
      await api.as(bearer(key)).get('/api/permits');
      const first = await lastUse();
      expect(first).not.toBeNull();
      await api.as(bearer(key)).get('/api/permits');
      await apiFor({ app: second.app }).as(bearer(key)).get('/api/permits');
      expect(await lastUse()).toBe(first);
      expect((await auditOf(id)).filter((e) => e.type === 'ApiKeyUsed')).toHaveLength(1);

      // A minute on, the next request writes again.
      await t.database.db.execute(
        sql`update api_keys set last_used_at = last_used_at - interval '2 minutes' where id = ${id}`,
      );
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
      try {
        await api.as(bearer(key)).get('/api/permits');
      } finally {
        vi.useRealTimers();
      }
      expect(await lastUse()).not.toBe(first);
      expect((await auditOf(id)).filter((e) => e.type === 'ApiKeyUsed')).toHaveLength(2);
      const listed = (await api.as(manager).get('/api/api-keys')).json(apiKeyPageSchema);
      expect(listed.rows.find((k) => k.id === id)?.lastUsedAt).not.toBeNull();
    });

    it('answers 429 with Retry-After past its limit, counted in the database for every process', async () => {
      const { key } = await createKey();
      const other = apiFor({ app: second.app });
      for (let i = 0; i < KEY_LIMIT; i++) {
        const via = i % 2 === 0 ? api : other;
        expect((await via.as(bearer(key)).get('/api/sites/accessible')).statusCode).toBe(200);
      }
      const limited = await other.as(bearer(key)).get('/api/sites/accessible');
      const problem = problemOf<{ status: number; title: string; detail: string }>(limited, 429);
      expect(problem).toMatchObject({
        status: 429,
        title: 'Too Many Requests',
        detail: `This API key may make ${KEY_LIMIT} requests a minute; try again after Retry-After seconds.`,
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
      // Another key, and the people, are not held back.
      const { key: fresh } = await createKey();
      expect((await api.as(bearer(fresh)).get('/api/sites/accessible')).statusCode).toBe(200);
      expect((await api.as(manager).get('/api/sites/accessible')).statusCode).toBe(200);
    });

    it('shares a larger limit between processes in claims, never admitting more than the limit', async () => {
      // Two processes' leases on one counter, as two web processes hold them (decision 43).
      const limit = 100;
      const key = `apikey:lease-test-${Date.now()}`;
      const processes = [
        new RateLimitLeases(t.app.database.kysely),
        new RateLimitLeases(second.app.database.kysely),
      ];
      const counted = async () =>
        (
          await selectRows<{ count: number }>(
            t.database.db,
            sql`select count from rate_limit_counters where key = ${key}`,
          )
        )[0]?.count;
      // 150 requests at once, spread over both processes: exactly the limit is admitted.
      const waits = await Promise.all(
        Array.from({ length: 150 }, (_, i) => processes[i % 2]!.take(key, limit)),
      );
      expect(waits.filter((w) => w === 0)).toHaveLength(limit);
      for (const wait of waits.filter((w) => w > 0)) {
        expect(wait).toBeGreaterThanOrEqual(1);
        expect(wait).toBeLessThanOrEqual(60);
      }
      // A claim is leaseSize(100) = 2 hits: far fewer writes than requests, and once the window is
      // spent a process answers without writing.
      expect(leaseSize(limit)).toBe(2);
      const afterBurst = await counted();
      expect(afterBurst).toBeGreaterThanOrEqual(limit);
      expect(afterBurst).toBeLessThanOrEqual(limit + 2 * leaseSize(limit));
      expect(await processes[0]!.take(key, limit)).toBeGreaterThan(0);
      expect(await processes[1]!.take(key, limit)).toBeGreaterThan(0);
      expect(await counted()).toBe(afterBurst);
    });
  });

  it('says in the OpenAPI document which operations accept keys', async () => {
    const document = (await api.as(undefined).get('/api/docs/json')).json() as {
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
      paths: Record<
        string,
        Record<string, { security?: Record<string, unknown>[]; responses: Record<string, unknown> }>
      >;
    };
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const schemes = (path: string, method: string) =>
      (document.paths[path]?.[method]?.security ?? []).flatMap((r) => Object.keys(r));
    expect(schemes('/api/permits', 'get')).toEqual(['bearer', 'apiKey']);
    expect(schemes('/api/permits', 'post')).toEqual(['bearer', 'apiKey']);
    expect(schemes('/api/tickets/list', 'get')).toEqual(['bearer', 'apiKey']);
    expect(document.paths['/api/permits']?.get?.responses['429']).toBeDefined();
    for (const [path, method] of [
      ['/api/user/accounts', 'get'],
      ['/api/application/roles', 'get'],
      ['/api/api-keys', 'post'],
      ['/api/reports/subscriptions', 'post'],
      ['/api/user/info', 'get'],
    ] as const) {
      expect(schemes(path, method), `${method} ${path}`).toEqual(['bearer']);
    }
  });
});
