/**
 * The plate-check benchmark (issue 14): `npm run bench -- --plate-check`.
 * Creates a PostgreSQL database of its own (on BENCH_PG_URL's server), migrates and seeds the demo,
 * adds 5,000,000 camera reads (BENCH_SIGHTINGS) of 500,000 vehicles over the last 30 days at the 42
 * sites, then measures in-process, side by side: the project's GET /api/permits/plate-check (one typed
 * plate, through auth, validation, scope and the service) against the bare SQL of the same service
 * function (`plateWarnings`), and a 5,000-row POST /api/permits/plate-check against the bare call.
 * Prints p50/p95 and drops the database (BENCH_SCALE_KEEP=1 keeps it). BENCH_PLATE_DB names the
 * database; one of that name kept from an earlier run is measured again as it is (no new reads).
 */

import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { openPostgres } from '../apps/server/src/db/client.js';
import { prepareDatabase } from '../apps/server/src/db/prepare.js';
import { sqlHash } from '../apps/server/src/db/seed/random.js';
import {
  sqlRegistrationFromCode,
  sqlUniqueRegistrationCode,
  uniqueRegistration,
} from '../apps/server/src/db/seed/registrations.js';
import { sites } from '../apps/server/src/db/seed/sites.js';
import type { PermitView } from '../apps/server/src/modules/access/index.js';
import { plateWarnings } from '../apps/server/src/modules/sightings/index.js';
import { parseSettings } from '../apps/server/src/settings.js';
import { selectRows } from '../apps/server/test/fixture-rows.js';
import { bearerFor } from './bearer.js';
import { admin, databaseUrlOf } from './pg-server.js';

/** The bare side's permit view: the benchmark's caller reaches every site and holds Permits.AllPermits. */
const ALL_PERMITS: PermitView = { targets: 'all' };

const name = process.env.BENCH_PLATE_DB ?? `cp_plates_${process.pid}`;
const SIGHTINGS = Number(process.env.BENCH_SIGHTINGS ?? 5_000_000);
const VEHICLES = 500_000;
const SINGLE_RUNS = 200;
const BULK_ROWS = 5_000;
const BULK_RUNS = 5;
const log = (line: string) => console.log(line);

const databaseUrl = databaseUrlOf(name);

/** A read plate of the benchmark's vehicles: the k-th of VEHICLES, offset past the demo's permits. */
const vehicle = (k: number) => uniqueRegistration(1_000_000 + (k % VEHICLES));
/** One confusable character swapped, as a clerk might type it (or the plate itself when none is). */
const typo = (plate: string) =>
  plate.replace(/[BSG0125]/, (c) => ({ B: '8', S: '5', G: '6', 0: 'O', 1: 'I', 2: 'Z', 5: 'S' })[c] ?? c);

/** Migrates, seeds the demo and adds the benchmark's camera reads (a new database). */
async function seedSightings() {
  let started = performance.now();
  await prepareDatabase(database, { seed: true });
  log(`migrate + demo seed ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  const siteList = sites.map((s) => `'${s.number}'`).join(', ');
  await database.db.execute(sql.raw('drop index vehicle_sightings_site_registration_entered_index'));
  await database.db.execute(
    sql.raw(`insert into vehicle_sightings (site_number, registration, entered_at, exited_at, read_confidence)
      select (array[${siteList}])[(v % ${sites.length})::int + 1],
        ${sqlRegistrationFromCode(sqlUniqueRegistrationCode(`1000000 + v`))},
        now() - (${sqlHash('bt', 'i::text')} % ${30 * 1440}) * interval '1 minute', null, 0.9
      from generate_series(1, ${SIGHTINGS}) i
      cross join lateral (select ${sqlHash('bv', 'i::text')} % ${VEHICLES} as v) h`),
  );
  await database.db.execute(
    sql.raw(`create index vehicle_sightings_site_registration_entered_index
      on vehicle_sightings using btree (site_number, registration, entered_at)`),
  );
  // As autovacuum does for a real table: the visibility map lets the counts be index-only scans.
  await database.db.execute(sql.raw('vacuum analyze vehicle_sightings'));
  log(
    `${SIGHTINGS.toLocaleString('en-GB')} sightings ready in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

async function timed(run: () => Promise<unknown>, times: number): Promise<number[]> {
  const spent: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run();
    spent.push(performance.now() - start);
  }
  return spent;
}

const kept = (await admin('select 1 from pg_database where datname = $1', [name])).length > 0;
if (!kept) await admin(`create database ${name}`);
const database = await openPostgres(databaseUrl, { poolSize: 4 });
try {
  if (!kept) await seedSightings();
  const [count] = await selectRows<{ n: string }>(
    database.db,
    sql`select count(*) as n from vehicle_sightings`,
  );
  if (kept) log(`kept database ${name}: ${Number(count?.n).toLocaleString('en-GB')} sightings`);

  const settings = parseSettings({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    PERMIT_DIGEST_ENABLED: 'false',
  });
  const app = await buildApp({ settings, database, logger: false });
  await app.ready();
  const authorization = await bearerFor(app, database, 'admin@operator.example');
  // A vehicle's site is the one its reads fall at (v % sites), so the typo is one slip from a seen plate.
  const question = (k: number) => ({
    target: sites[(k % VEHICLES) % sites.length]!.number,
    registration: typo(vehicle(k)),
  });

  let k = 0;
  /** The next vehicle's question: a prime stride walks the vehicles without repeating soon. */
  const next = () => {
    k += 7919;
    return question(k);
  };
  const single = await timed(async () => {
    const q = next();
    const res = await app.inject({
      method: 'GET',
      url: `/api/permits/plate-check?site=${q.target}&registration=${q.registration}`,
      headers: { authorization },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  }, SINGLE_RUNS);
  const bareSingle = await timed(() => plateWarnings(database.kysely, ALL_PERMITS, [next()]), SINGLE_RUNS);

  const rows = () =>
    Array.from({ length: BULK_ROWS }, (_, id) => {
      const q = next();
      return { id, site_SiteGroupNumber: q.target, vehicleRegistration: q.registration };
    });
  const bulk = await timed(async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/permits/plate-check',
      headers: { authorization },
      payload: { rows: rows() },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  }, BULK_RUNS);
  const bareBulk = await timed(
    () =>
      plateWarnings(
        database.kysely,
        ALL_PERMITS,
        rows().map((r) => ({ target: r.site_SiteGroupNumber, registration: r.vehicleRegistration })),
      ),
    BULK_RUNS,
  );
  const [plan] = await selectRows<{ 'QUERY PLAN': string }>(
    database.db,
    sql.raw(`explain select count(*) from vehicle_sightings where site_number = '1001'
      and registration = any(array['${vehicle(1)}', '${typo(vehicle(1))}']) and entered_at >= now() - interval '30 days'`),
  );
  await app.close();

  log('');
  log(
    `plate check with ${Number(count?.n).toLocaleString('en-GB')} sightings    project (p50 / p95)    bare SQL (p50 / p95)`,
  );
  log(
    `single plate, GET, ${SINGLE_RUNS} runs              ${ms(quantile(single, 0.5))} / ${ms(quantile(single, 0.95))}       ${ms(quantile(bareSingle, 0.5))} / ${ms(quantile(bareSingle, 0.95))}`,
  );
  log(
    `${BULK_ROWS} rows, POST, ${BULK_RUNS} runs                ${ms(quantile(bulk, 0.5))} / ${ms(quantile(bulk, 0.95))}   ${ms(quantile(bareBulk, 0.5))} / ${ms(quantile(bareBulk, 0.95))}`,
  );
  log(`plan of one (site, plates) lookup: ${plan?.['QUERY PLAN']}`);
} finally {
  await database.close();
  if (process.env.BENCH_SCALE_KEEP !== '1' && !kept)
    await admin(`drop database if exists ${name} with (force)`);
}
