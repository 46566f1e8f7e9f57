/**
 * The statistics benchmark (issue 15): `npm run bench -- --statistics`.
 * On PostgreSQL (a database of its own, BENCH_STATISTICS_DB, default cp_stats_<pid>, on the server of
 * BENCH_PG_URL) and on PGlite (a data folder of its own under the temp folder): migrates and seeds the
 * demo, fills transactions and permits with the scale generator (bench/scale-fill.ts) and a year of
 * tickets and ticket actions with generate_series (the aggregates' triggers off meanwhile), brings the
 * daily aggregates up to date with the rebuild command's code, then times each answer the /statistics
 * page asks for (parking, permits, enforcement, site comparison) for one site, one group and all sites
 * over the last 12 months and this month: BENCH_STATISTICS_CALLS (20) sequential calls to the real app
 * over HTTP, side by side with a bare reference (the same repository SQL through the same driver, no
 * HTTP, authentication or shaping). Then EXPLAINs every statement of every answer and lists the tables
 * each plan reads, and counts the scans of the raw tables during the run. The databases are dropped at
 * the end unless BENCH_STATISTICS_KEEP=1; BENCH_STATISTICS_REUSE=1 measures a kept one.
 *
 * BENCH_STATISTICS_ON: 'postgres', 'pglite' or both (default). Volumes: BENCH_STATISTICS_TRANSACTIONS
 * (10,000,000 on PostgreSQL) and BENCH_STATISTICS_PGLITE_TRANSACTIONS (1,000,000; see docs/benchmarks.md).
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ExplainNode, SelectQueryNode } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { type Database, type Db, openPglite, openPostgres } from '../apps/server/src/db/client.js';
import type { Queries } from '../apps/server/src/db/kysely.js';
import { prepareDatabase } from '../apps/server/src/db/prepare.js';
import { loadPrincipalRecord, type Principal } from '../apps/server/src/modules/access/index.js';
import { rebuildStatistics } from '../apps/server/src/modules/statistics/statistics-rebuild.js';
import {
  enforcementMonths,
  monthlyAllowances,
  occupancyByWeekday,
  parkingDays,
  permitDays,
  permitReasons,
  permitsActiveBefore,
  siteTotals,
} from '../apps/server/src/modules/statistics/statistics-repository.js';
import {
  type StatisticsScope,
  statisticsScope,
} from '../apps/server/src/modules/statistics/statistics-service.js';
import { parseSettings } from '../apps/server/src/settings.js';
import { selectRows } from '../apps/server/test/fixture-rows.js';
import { admin, databaseUrlOf } from './pg-server.js';
import { fillScaleData, SCALE } from './scale-fill.js';

const pgName = process.env.BENCH_STATISTICS_DB ?? `cp_stats_${process.pid}`;
const pgliteDir =
  process.env.BENCH_STATISTICS_PGLITE_DIR ?? path.join(os.tmpdir(), `cp-stats-${process.pid}`);
const keep = process.env.BENCH_STATISTICS_KEEP === '1';
const reuse = process.env.BENCH_STATISTICS_REUSE === '1';
const calls = Number(process.env.BENCH_STATISTICS_CALLS ?? 20);
const engines = (process.env.BENCH_STATISTICS_ON ?? 'postgres,pglite').split(',');
const volumes = {
  postgres: Number(process.env.BENCH_STATISTICS_TRANSACTIONS ?? SCALE.transactions),
  pglite: Number(process.env.BENCH_STATISTICS_PGLITE_TRANSACTIONS ?? 1_000_000),
};
const log = (line: string) => console.log(line);
const RAW_TABLES = ['transactions', 'tickets', 'ticket_actions', 'permits'] as const;
const TARGET_MS = { site: 300, group: 300, all: 1000 } as const;

const pgDatabaseUrl = () => databaseUrlOf(pgName);

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  log(`${label.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * A year of tickets (one for every 40 stays, 40% at the busy site like the stays) and their actions
 * (a fifth cancelled, a sixth reduced), each action within 28 days of its ticket.
 */
async function fillTickets(db: Db, transactions: number) {
  const tickets = Math.round(transactions / 40);
  await timed(`insert ${tickets.toLocaleString('en-GB')} tickets`, () =>
    db.execute(sql`
      with sites as (select array_agg(site_number order by site_number) as a from sites)
      insert into tickets (ticket_number, site_number, vehicle_registration, violation_date, issue_date,
                           full_amount_pence, reduced_amount_pence, status, reduced_until)
      select 'BT' || lpad(i::text, 10, '0'),
             case when h % 10 < 4 then ${SCALE.busySite} else sites.a[1 + (h / 10) % array_length(sites.a, 1)] end,
             'TK' || lpad(upper(to_hex(h % 16777216)), 6, '0'),
             issued - interval '2 days', issued, 10000, 6000,
             case when h % 5 = 0 then 'cancelled' when h % 6 = 0 then 'paid' else 'open' end, null
      from generate_series(1, ${tickets}::int) i
      cross join lateral (select (i::bigint * 2654435761) % 4294967291 as h) hash
      cross join lateral (select now() - (h % (365 * 86400)) * interval '1 second' as issued) d, sites`),
  );
  await timed('insert their cancellations and reductions', () =>
    db.execute(sql`
      insert into ticket_actions (ticket_number, site_number, action, action_at)
      select ticket_number, site_number, case when status = 'cancelled' then 'Cancel' else 'Pay' end,
             least(now(), issue_date + (abs(hashtext(ticket_number)) % 28) * interval '1 day')
      from tickets where ticket_number like 'BT%' and status in ('cancelled', 'paid')`),
  );
}

async function statsTriggers(db: Db, action: 'enable' | 'disable') {
  for (const t of RAW_TABLES)
    await db.execute(sql.raw(`alter table ${t} ${action} trigger ${t}_stats_inserted`));
}

async function fill(database: Database, transactions: number) {
  const started = performance.now();
  await timed('migrate + demo seed', () => prepareDatabase(database, { seed: true }));
  // The rows are loaded in bulk with the aggregates' insert triggers off, then the aggregates are
  // rebuilt once, as `npm run statistics:rebuild` does after a bulk import.
  await statsTriggers(database.db, 'disable');
  await fillScaleData(database, log, { permits: transactions / 10, transactions });
  await fillTickets(database.db, transactions);
  await statsTriggers(database.db, 'enable');
  const counts = await timed('rebuild the daily aggregates', () => rebuildStatistics(database.kysely));
  await database.db.execute(sql`vacuum analyze stats_site_days`);
  await database.db.execute(sql`vacuum analyze stats_permit_days`);
  await database.db.execute(sql`vacuum analyze tickets`);
  await database.db.execute(sql`vacuum analyze ticket_actions`);
  log(
    `aggregates: ${counts.siteDays.toLocaleString('en-GB')} site-days, ${counts.permitDays.toLocaleString('en-GB')} permit-days`,
  );
  log(`filled in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

type Section = 'parking' | 'permits' | 'enforcement' | 'sites';
const SECTIONS: Section[] = ['parking', 'permits', 'enforcement', 'sites'];

/** The repository calls each answer makes, as the service makes them: the bare reference. */
function reference(db: Queries, section: Section, scope: StatisticsScope): Promise<unknown> {
  const { sites, range } = scope;
  switch (section) {
    case 'parking':
      return Promise.all([parkingDays(db, sites, range), occupancyByWeekday(db, sites, range)]);
    case 'permits':
      return Promise.all([
        permitsActiveBefore(db, sites, range.from),
        permitDays(db, sites, range),
        permitReasons(db, sites, range),
      ]);
    case 'enforcement':
      return Promise.all([enforcementMonths(db, sites, range), monthlyAllowances(db, sites)]);
    case 'sites':
      return siteTotals(db, sites, range);
  }
}

/** Typed queries that EXPLAIN each statement instead of running it, keeping the plans. */
function explaining(queries: Queries, plans: string[]): Queries {
  return queries.withPlugin({
    transformQuery: ({ node }) =>
      SelectQueryNode.is(node) ? { ...node, explain: ExplainNode.create() } : node,
    transformResult: async ({ result }) => {
      plans.push(result.rows.map((r) => String(Object.values(r)[0])).join('\n'));
      return { rows: [] };
    },
  });
}

const relationsIn = (plan: string): string[] =>
  [...new Set([...plan.matchAll(/ on (\w+)/g)].map((m) => m[1]!))].filter((r) => r.length > 2).sort();

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** p50 and p95 wall time of `calls` sequential calls after two warm-ups, and this process's CPU per call. */
async function sample(work: () => Promise<unknown>): Promise<{ p50: number; p95: number; cpu: number }> {
  await work();
  await work();
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    cpu: (cpu.user + cpu.system) / 1000 / calls,
  };
}

async function rawScans(db: Db): Promise<number> {
  const rows = await selectRows<{ n: string }>(
    db,
    sql`select coalesce(sum(coalesce(seq_scan, 0) + coalesce(idx_scan, 0)), 0) as n from pg_stat_user_tables
        where relname in ('transactions', 'tickets', 'ticket_actions', 'permits')`,
  );
  return Number(rows[0]?.n ?? 0);
}

async function measure(engine: string, database: Database, dataDir: string) {
  const db = database.db;
  const settings = parseSettings({
    DATA_DIR: dataDir,
    DATABASE_URL: engine === 'postgres' ? pgDatabaseUrl() : undefined,
    LOG_LEVEL: 'silent',
    PORT: '0',
    PERMIT_DIGEST_ENABLED: 'false',
    REPORT_SUBSCRIPTIONS_ENABLED: 'false',
  });
  const app = await buildApp({ settings, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const [user] = await selectRows<{ id: string; security_stamp: number }>(
    db,
    sql`select id, security_stamp from users where email = 'admin@operator.example'`,
  );
  const [session] = await selectRows<{ id: string }>(
    db,
    sql`insert into sessions (user_id, type) values (${user!.id}, 'identity') returning id`,
  );
  const { token } = await app.tokens.issueAccessToken({
    userId: user!.id,
    sessionId: session!.id,
    securityStamp: user!.security_stamp,
  });
  const record = await loadPrincipalRecord(database.kysely, user!.id, session!.id);
  const principal: Principal = { ...record!, sessionId: session!.id, sessionType: 'identity' };
  const [group] = await selectRows<{ g: string; n: string }>(
    db,
    sql`select group_number as g, count(*) as n from site_group_members where group_number in
          (select group_number from site_group_members where site_number = ${SCALE.busySite})
        group by 1 order by 2 desc limit 1`,
  );
  const [sizes] = await selectRows<Record<string, string>>(
    db,
    sql`select (select count(*) from transactions) as transactions, (select count(*) from tickets) as tickets,
               (select count(*) from ticket_actions) as actions, (select count(*) from permits) as permits,
               (select count(*) from transactions where site_number = ${SCALE.busySite}) as busy,
               (select count(*) from sites) as sites`,
  );
  log(
    `\n${engine}: ${Number(sizes!.transactions).toLocaleString('en-GB')} transactions (${Number(sizes!.busy).toLocaleString('en-GB')} at ${SCALE.busySite}), ` +
      `${Number(sizes!.tickets).toLocaleString('en-GB')} tickets, ${Number(sizes!.actions).toLocaleString('en-GB')} ticket actions, ` +
      `${Number(sizes!.permits).toLocaleString('en-GB')} permits, ${sizes!.sites} sites; group ${group!.g} has ${group!.n} sites; ` +
      `${calls} calls each; load ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`,
  );
  const scopes = [
    { kind: 'site', label: `site ${SCALE.busySite}`, site: SCALE.busySite },
    { kind: 'group', label: `group ${group!.g}`, site: group!.g },
    { kind: 'all', label: 'all sites', site: undefined },
  ] as const;
  log(
    `${'answer'.padEnd(38)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'cpu ms'.padStart(7)} ${'bare p50'.padStart(9)} ${'bare p95'.padStart(9)} ${'cpu ms'.padStart(7)} ${'target'.padStart(7)}  met`,
  );
  const scansBefore = engine === 'postgres' ? await rawScans(db) : 0;
  const misses: string[] = [];
  const plans = new Map<string, Set<string>>();
  for (const period of ['last-12-months', 'this-month'] as const) {
    for (const scope of scopes) {
      const resolved = await statisticsScope(database.kysely, principal, { site: scope.site, period });
      for (const section of SECTIONS) {
        const query = new URLSearchParams({ period, ...(scope.site ? { site: scope.site } : {}) });
        const url = `${base}/api/statistics/${section}?${query}`;
        const project = await sample(async () => {
          const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
          if (!response.ok) throw new Error(`${url} answered ${response.status}`);
          await response.json();
        });
        const bare = await sample(() => reference(database.kysely, section, resolved));
        const target = TARGET_MS[scope.kind];
        const met = project.p95 < target;
        const name = `${section}, ${scope.label}, ${period}`;
        if (!met) misses.push(name);
        log(
          `${name.padEnd(38)} ${project.p50.toFixed(1).padStart(8)} ${project.p95.toFixed(1).padStart(8)} ${project.cpu.toFixed(1).padStart(7)} ${bare.p50.toFixed(1).padStart(9)} ${bare.p95.toFixed(1).padStart(9)} ${bare.cpu.toFixed(1).padStart(7)} ${String(target).padStart(7)}  ${met ? 'yes' : 'NO'}`,
        );
        const found: string[] = [];
        await reference(explaining(database.kysely, found), section, resolved);
        for (const plan of found) {
          for (const relation of relationsIn(plan)) {
            plans.set(relation, (plans.get(relation) ?? new Set()).add(section));
          }
        }
      }
    }
  }
  const scansAfter = engine === 'postgres' ? await rawScans(db) : 0;
  log(
    `tables the plans read: ${[...plans].map(([relation, sections]) => `${relation} (${[...sections].join(', ')})`).join('; ')}`,
  );
  const raw = [...plans.keys()].filter((r) => (RAW_TABLES as readonly string[]).includes(r));
  log(`raw tables in any plan: ${raw.length ? raw.join(', ') : 'none'}`);
  if (engine === 'postgres') log(`scans of the raw tables during the run: ${scansAfter - scansBefore}`);
  log(`answers over their target (p95): ${misses.length ? misses.join('; ') : 'none'}`);
  await app.close();
}

async function onPostgres() {
  if (!reuse) await admin(`create database ${pgName}`);
  const database = await openPostgres(pgDatabaseUrl(), { poolSize: 4 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-stats-pg-'));
  try {
    if (!reuse) await fill(database, volumes.postgres);
    await measure('postgres', database, dataDir);
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!keep) await admin(`drop database if exists ${pgName} with (force)`);
  }
}

async function onPglite() {
  const database = await openPglite(path.join(pgliteDir, 'pglite'));
  try {
    if (!reuse) await fill(database, volumes.pglite);
    await measure('pglite', database, pgliteDir);
  } finally {
    await database.close();
    if (!keep) fs.rmSync(pgliteDir, { recursive: true, force: true });
  }
}

log(
  `Statistics benchmark, ${os.cpus().length} cores, load ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`,
);
if (engines.includes('postgres')) await onPostgres();
if (engines.includes('pglite')) await onPglite();
