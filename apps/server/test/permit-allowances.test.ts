import { allFeatureNames } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, type Caller } from './api-client.js';
import { accountWith, allowanceAt, clientWith, nowhere, siteOf, type TestSite } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { buildTestApp, type TestApp } from './test-app.js';

type Row = {
  site_SiteGroupNumber: string;
  temporaryAllowance: number | null;
  permanentAllowance: number | null;
};
const row = (n: string, temporary: number | null, permanent: number | null): Row => ({
  site_SiteGroupNumber: n,
  temporaryAllowance: temporary,
  permanentAllowance: permanent,
});

describe('permit allowances: /api/permits/allowances', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let admin: { authorization: string; userId: string };
  /** Operator staff (all sites) holding Permits.Allowances: allowances are the operator's. */
  let manager: { authorization: string; userId: string };
  let clientManager: Caller;
  let clerk: Caller;
  /** Six sites of one client and their group; the second site capped at 300 temporary and 600 permanent. */
  let sites: TestSite[];
  let group: TestSite;
  /** A site outside the group capped at 400 permanent. */
  let outside: TestSite;
  /** The numbers of sites[i] and of the group. */
  const s = (i: number) => sites[i]!.number;
  const g = () => group.number;

  const get = (number: string, caller: Caller) => api.as(caller).get(`/api/permits/allowances/${number}`);
  const put = (payload: unknown, caller: Caller) =>
    api.as(caller).put('/api/permits/allowances', payload as never);
  const stored = (number: string) =>
    selectRows<{ t: number | null; p: number | null }>(
      t.database.db,
      sql`select temporary_allowance as t, permanent_allowance as p from permit_allowances
          where site_or_group_number = ${number}`,
    );
  const auditCount = async (userId: string) => {
    const [r] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events
          where type = 'PermitAllowancesChanged' and actor_user_id = ${userId}`,
    );
    return r!.n;
  };

  beforeAll(async () => {
    t = await buildTestApp({ env: { PERMIT_DIGEST_ENABLED: 'false' } });
    const client = await clientWith(t, { sites: 6, group: true });
    sites = client.sites;
    group = client.group!;
    outside = await siteOf(t);
    await allowanceAt(t, sites[1]!, { temporary: 300, permanent: 600 });
    await allowanceAt(t, outside, { temporary: null, permanent: 400 });
    admin = (await accountWith(t, { features: allFeatureNames, access: 'all' })).headers;
    manager = (await accountWith(t, { features: ['Permits.Allowances'], access: 'all' })).headers;
    // A client account holding the feature: operator-only, it is not in force without all-sites access.
    clientManager = await accountWith(t, {
      features: ['Permits.View', 'Permits.Allowances'],
      access: [group.number],
    });
    clerk = await accountWith(t, { features: ['Permits.View', 'Permits.Add'], access: [sites[0]!.number] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers one row for a site, null where there is no cap', async () => {
    expect((await get(s(1), admin)).json()).toEqual([row(s(1), 300, 600)]);
    expect((await get(outside.number, admin)).json()).toEqual([row(outside.number, null, 400)]);
    expect((await get(s(2), admin)).json()).toEqual([row(s(2), null, null)]);
  });

  it("answers a group's own row first, then one per member site", async () => {
    const rows: Row[] = (await get(g(), manager)).json();
    expect(rows[0]).toEqual(row(g(), null, null));
    expect(rows.slice(1).map((r) => r.site_SiteGroupNumber)).toEqual(sites.map((site) => site.number));
    expect(rows).toContainEqual(row(s(1), 300, 600));
  });

  it('keeps client users, unknown numbers and callers without the feature out', async () => {
    expect((await get(s(0), clientManager)).statusCode).toBe(403);
    expect((await get(g(), clientManager)).statusCode).toBe(403);
    expect((await get(nowhere.site, admin)).statusCode).toBe(404);
    expect((await get(nowhere.group, admin)).statusCode).toBe(404);
    expect((await get(s(0), clerk)).statusCode).toBe(403);
    expect((await get(s(0), undefined)).statusCode).toBe(401);
    const bad = await get('12ab', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(bad.json().errors).toEqual({ site: ['Site must contain a valid site or site group number.'] });
  });

  it('stores every row in one go, deletes a row set to unlimited on both, and audits once', async () => {
    const before = await auditCount(manager.userId);
    const response = await put([row(s(2), 7, null), row(s(1), null, null), row(g(), 40, 0)], manager);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([row(s(2), 7, null), row(s(1), null, null), row(g(), 40, 0)]);
    expect(await stored(s(2))).toEqual([{ t: 7, p: null }]);
    expect(await stored(s(1))).toEqual([]);
    expect((await get(s(1), manager)).json()).toEqual([row(s(1), null, null)]);
    expect(await auditCount(manager.userId)).toBe(before + 1);
    const [event] = await selectRows<{ subject_user_id: string; details: { changes: unknown[] } }>(
      t.database.db,
      sql`select subject_user_id, details from audit_events
          where type = 'PermitAllowancesChanged' order by id desc limit 1`,
    );
    expect(event!.subject_user_id).toBe(manager.userId);
    expect(event!.details.changes).toContainEqual({
      before: row(s(1), 300, 600),
      after: row(s(1), null, null),
    });
  });

  it('refuses invalid rows with errors keyed by index and field, writing nothing', async () => {
    const before = await stored(s(3));
    const response = await put(
      [
        row(s(3), 5, 5),
        row(s(4), -1, 2),
        { site_SiteGroupNumber: s(5), temporaryAllowance: 1.5, permanentAllowance: 'x' },
      ],
      admin,
    );
    expect(response.statusCode).toBe(400);
    const problem = response.json();
    expect(problem.errors).toEqual({
      '1.temporaryAllowance': ['The allowance must be at least 0.'],
      '2.permanentAllowance': ['The allowance must be a whole number of at least 0, or empty for unlimited.'],
      '2.temporaryAllowance': ['The allowance must be a whole number.'],
    });
    expect(await stored(s(3))).toEqual(before);

    const duplicate = await put([row(s(3), 1, 1), row(s(3), 2, 2)], admin);
    expect(duplicate.statusCode).toBe(400);
    expect(Object.keys(duplicate.json().errors)).toEqual(['1.site_SiteGroupNumber']);
    expect(await stored(s(3))).toEqual(before);
  });

  it('refuses an empty or oversized list', async () => {
    const empty = await put([], admin);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ body: ['Send at least one allowance.'] });
    const many = Array.from({ length: 201 }, (_, i) => row(String(5000 + i), 1, 1));
    const tooMany = await put(many, admin);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ body: ['Send at most 200 allowances at once.'] });
    const badSite = await put([row('12ab', 1, 1)], admin);
    expect(badSite.json().errors).toEqual({
      '0.site_SiteGroupNumber': ['Site must contain a valid site or site group number.'],
    });
    expect((await put({}, admin)).statusCode).toBe(400);
  });

  it('writes nothing when any row is unknown (404), all or nothing', async () => {
    const before = await auditCount(manager.userId);
    const response = await put([row(s(3), 9, 9), row(nowhere.group, 1, 1)], manager);
    expect(response.statusCode).toBe(404);
    expect(await stored(s(3))).toEqual([]);
    expect((await put([row(s(3), 9, 9), row(nowhere.site, 1, 1)], admin)).statusCode).toBe(404);
    expect(await stored(s(3))).toEqual([]);
    expect(await auditCount(manager.userId)).toBe(before);
  });

  it('needs Permits.Allowances and all-sites access to write', async () => {
    expect((await put([row(s(1), 1, 1)], clerk)).statusCode).toBe(403);
    expect((await put([row(s(1), 1, 1)], clientManager)).statusCode).toBe(403);
    expect(await stored(s(1))).toEqual([]);
  });
});
