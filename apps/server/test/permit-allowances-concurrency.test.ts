import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from './api-client.js';
import { accountWith, clientWith } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { buildTestApp, type TestApp } from './test-app.js';

/**
 * Concurrent allowance changes naming the same sites in different orders. On PostgreSQL (CI runs this
 * file with TEST_DATABASE_URL) rows locked in request order deadlocked and answered 500.
 */
describe('permit allowances: concurrent changes never deadlock', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let admin: { authorization: string };
  /** Six sites of a client and their group. */
  let numbers: string[];

  beforeAll(async () => {
    t = await buildTestApp({ env: { PERMIT_DIGEST_ENABLED: 'false' } });
    admin = (await accountWith(t, { features: ['Permits.Allowances'], access: 'all' })).headers;
    const { sites, group } = await clientWith(t, { sites: 6, group: true });
    numbers = [...sites.map((site) => site.number), group!.number];
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 200 to 240 concurrent PUTs (waves of 60) over the same sites in opposite orders', async () => {
    const before = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where type = 'PermitAllowancesChanged'`,
    );
    const put = (i: number) => {
      const order = i % 2 === 0 ? numbers : [...numbers].reverse();
      const payload = order.map((n) => ({
        site_SiteGroupNumber: n,
        temporaryAllowance: 100 + i,
        permanentAllowance: 200 + i,
      }));
      return api.as(admin).put('/api/permits/allowances', payload);
    };
    // Four waves of 60 at once: always more requests than pool connections, yet no wave waits long
    // enough for a connection to run into the pool's time-out (503) on a busy machine.
    const answers = [];
    for (let wave = 0; wave < 4; wave++) {
      answers.push(...(await Promise.all(Array.from({ length: 60 }, (_, i) => put(wave * 60 + i)))));
    }
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    // Every change committed whole: all rows hold the values of one and the same request.
    const rows = await selectRows<{ t: number; p: number }>(
      t.database.db,
      sql`select temporary_allowance as t, permanent_allowance as p from permit_allowances
          where site_or_group_number in ${numbers}`,
    );
    expect(rows).toHaveLength(numbers.length);
    expect(new Set(rows.map((r) => `${r.t}/${r.p}`)).size).toBe(1);
    const after = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where type = 'PermitAllowancesChanged'`,
    );
    expect(after[0]!.n - before[0]!.n).toBe(240);
  }, 120_000);
});
