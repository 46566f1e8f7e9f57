import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.js';
import { selectRows } from '../apps/server/test/fixture-rows.js';

/** What the scale data holds: a national operator's size (issue 10). */
export const SCALE = { permits: 1_000_000, transactions: 10_000_000, busySite: '1001' } as const;

/**
 * Fills a migrated, demo-seeded database up to SCALE (or `volume`) with set-based SQL (generate_series), the
 * indexes of both big tables dropped during the load and built again after it, then VACUUM ANALYZE
 * (so index-only scans work). Permits: 8% group permits, 60% temporary (1-28 days) and 40% permanent
 * (one year), starts spread over the last three years and the next two months. Transactions: 40% at
 * the busy site (about 310,000 a month, the busiest month), the rest spread over every site,
 * over the last 395 days, then the table is clustered by site and time (how a payment feed lays it down).
 */
export async function fillScaleData(
  database: Database,
  log: (line: string) => void,
  volume: { permits: number; transactions: number } = SCALE,
): Promise<void> {
  const db = database.db;
  const count = async (table: 'permits' | 'transactions') =>
    Number((await selectRows<{ n: string }>(db, sql.raw(`select count(*) as n from ${table}`)))[0]!.n);
  const permitRows = volume.permits - (await count('permits'));
  const transactionRows = volume.transactions - (await count('transactions'));

  const indexes = await selectRows<{ name: string; def: string }>(
    db,
    sql`select indexname as name, indexdef as def from pg_indexes
        where tablename in ('permits', 'transactions') and indexname not like '%pkey'`,
  );
  const timed = async (label: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    log(`${label.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));

  await timed(`insert ${permitRows.toLocaleString('en-GB')} permits`, () =>
    db.execute(sql`
      with sites as (select array_agg(site_number order by site_number) as a from sites),
           groups as (select array_agg(group_number order by group_number) as a from site_groups)
      insert into permits (scope, site_number, group_number, vehicle_registration, driver_name, is_temp, duration,
                           started, ended)
      select case when grp then 'group' else 'site' end,
             case when grp then null else sites.a[1 + h % array_length(sites.a, 1)] end,
             case when grp then groups.a[1 + h % array_length(groups.a, 1)] end,
             'SC' || lpad(upper(to_hex(i)), 8, '0'),
             'Scale Driver ' || (h % 9973),
             temp, case when temp then 'Temporary' else 'Permanent' end,
             start,
             start + case when temp then (1 + h % 28) * interval '1 day' else interval '1 year' end
      from generate_series(1, ${permitRows}::int) i
      cross join lateral (select (i::bigint * 2654435761) % 4294967291 as h) hash
      cross join lateral (
        select h % 100 < 8 as grp, h % 10 < 6 as temp,
               date_trunc('day', now()) - interval '1035 days' + (h % 1095) * interval '1 day'
                 + (h % 600) * interval '1 minute' as start
      ) chosen, sites, groups`),
  );
  await timed(`insert ${transactionRows.toLocaleString('en-GB')} transactions`, () =>
    db.execute(sql`
      with sites as (select array_agg(site_number order by site_number) as a from sites)
      insert into transactions (site_number, occurred_at, vehicle_registration, duration_minutes, amount_pence, method)
      select case when h % 10 < 4 then ${SCALE.busySite} else sites.a[1 + (h / 10) % array_length(sites.a, 1)] end,
             now() - (h % (395 * 86400)) * interval '1 second',
             'TX' || lpad(upper(to_hex(h % 16777216)), 6, '0'),
             15 + (h % 480), 100 + (h % 1900),
             (array['card', 'app', 'cash'])[1 + (h / 7) % 3]
      from generate_series(1, ${transactionRows}::int) i
      cross join lateral (select (i::bigint * 2654435761) % 4294967291 as h) hash, sites`),
  );
  await timed(`build ${indexes.length} indexes again`, async () => {
    await db.execute(sql`set maintenance_work_mem = '256MB'`);
    for (const index of indexes) await db.execute(sql.raw(index.def));
  });
  // A payment feed appends each site's payments in time order; the generator above scatters them, so
  // the table is put in (site, time) order once, as a real one largely is.
  await timed('cluster transactions by site and time', () =>
    db.execute(sql`cluster transactions using transactions_site_occurred_id_index`),
  );
  await timed('vacuum analyze', async () => {
    await db.execute(sql`vacuum analyze permits`);
    await db.execute(sql`vacuum analyze transactions`);
  });
}
