import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, type Caller } from './api-client.js';
import { selectRows } from './fixture-rows.js';
import { bearerFor } from './sign-in-as.js';
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
  let clientManager: { authorization: string };
  let clerk: { authorization: string };

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
    admin = await bearerFor(t, 'admin@operator.example');
    const [role] = await selectRows<{ id: number }>(
      t.database.db,
      sql`insert into roles (name, parent_id) select 'Allowance Staff', id from roles where name = 'Administrator'
          returning id`,
    );
    await t.database.db.execute(
      sql`insert into role_features (role_id, feature) values (${role!.id}, 'Permits.Allowances')`,
    );
    const [staff] = await selectRows<{ id: string }>(
      t.database.db,
      sql`insert into users (email, email_confirmed, access_all_sites) values ('caps@operator.example', true, true)
          returning id`,
    );
    await t.database.db.execute(
      sql`insert into user_roles (user_id, role_id) values (${staff!.id}, ${role!.id})`,
    );
    manager = await bearerFor(t, 'caps@operator.example');
    clientManager = await bearerFor(t, 'manager@acme.example');
    clerk = await bearerFor(t, 'clerk@acme.example');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers one row for a site, null where there is no cap', async () => {
    expect((await get('1002', admin)).json()).toEqual([row('1002', 300, 600)]);
    expect((await get('1007', admin)).json()).toEqual([row('1007', null, 400)]);
    expect((await get('1003', admin)).json()).toEqual([row('1003', null, null)]);
  });

  it("answers a group's own row first, then one per member site", async () => {
    const rows: Row[] = (await get('SG01', manager)).json();
    expect(rows[0]).toEqual(row('SG01', null, null));
    expect(rows.slice(1).map((r) => r.site_SiteGroupNumber)).toEqual([
      '1001',
      '1002',
      '1003',
      '1004',
      '1005',
      '1006',
    ]);
    expect(rows).toContainEqual(row('1002', 300, 600));
  });

  it('keeps client users, unknown numbers and callers without the feature out', async () => {
    expect((await get('1001', clientManager)).statusCode).toBe(403);
    expect((await get('SG01', clientManager)).statusCode).toBe(403);
    expect((await get('9999', admin)).statusCode).toBe(404);
    expect((await get('SG99', admin)).statusCode).toBe(404);
    expect((await get('1001', clerk)).statusCode).toBe(403);
    expect((await get('1001', undefined)).statusCode).toBe(401);
    const bad = await get('12ab', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(bad.json().errors).toEqual({ site: ['Site must contain a valid site or site group number.'] });
  });

  it('stores every row in one go, deletes a row set to unlimited on both, and audits once', async () => {
    const before = await auditCount(manager.userId);
    const response = await put([row('1003', 7, null), row('1002', null, null), row('SG01', 40, 0)], manager);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([row('1003', 7, null), row('1002', null, null), row('SG01', 40, 0)]);
    expect(await stored('1003')).toEqual([{ t: 7, p: null }]);
    expect(await stored('1002')).toEqual([]);
    expect((await get('1002', manager)).json()).toEqual([row('1002', null, null)]);
    expect(await auditCount(manager.userId)).toBe(before + 1);
    const [event] = await selectRows<{ subject_user_id: string; details: { changes: unknown[] } }>(
      t.database.db,
      sql`select subject_user_id, details from audit_events
          where type = 'PermitAllowancesChanged' order by id desc limit 1`,
    );
    expect(event!.subject_user_id).toBe(manager.userId);
    expect(event!.details.changes).toContainEqual({
      before: row('1002', 300, 600),
      after: row('1002', null, null),
    });
  });

  it('refuses invalid rows with errors keyed by index and field, writing nothing', async () => {
    const before = await stored('1004');
    const response = await put(
      [
        row('1004', 5, 5),
        row('1005', -1, 2),
        { site_SiteGroupNumber: '1006', temporaryAllowance: 1.5, permanentAllowance: 'x' },
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
    expect(await stored('1004')).toEqual(before);

    const duplicate = await put([row('1004', 1, 1), row('1004', 2, 2)], admin);
    expect(duplicate.statusCode).toBe(400);
    expect(Object.keys(duplicate.json().errors)).toEqual(['1.site_SiteGroupNumber']);
    expect(await stored('1004')).toEqual(before);
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
    const response = await put([row('1004', 9, 9), row('SG99', 1, 1)], manager);
    expect(response.statusCode).toBe(404);
    expect(await stored('1004')).toEqual([]);
    expect((await put([row('1004', 9, 9), row('9999', 1, 1)], admin)).statusCode).toBe(404);
    expect(await stored('1004')).toEqual([]);
    expect(await auditCount(manager.userId)).toBe(before);
  });

  it('needs Permits.Allowances and all-sites access to write', async () => {
    expect((await put([row('1002', 1, 1)], clerk)).statusCode).toBe(403);
    expect((await put([row('1002', 1, 1)], clientManager)).statusCode).toBe(403);
    expect(await stored('1002')).toEqual([]);
  });
});
