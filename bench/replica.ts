/**
 * The read replica benchmark (issue 25, decision 41): `npm run bench -- --replica`, with
 * BENCH_REPLICA_URL naming a hot standby of BENCH_PG_URL's server (`.ci/hot-standby start DIR PORT`
 * makes one of 127.0.0.1:5432). Creates a database of its own on the primary (BENCH_REPLICA_DB,
 * default cp_replica_<pid>), migrates and seeds the demo, fills BENCH_REPLICA_PERMITS permits (200,000)
 * and BENCH_REPLICA_TRANSACTIONS transactions (1,000,000) with the scale generator, rebuilds the daily
 * aggregates and waits for the standby to replay it all. Then the app runs in a child process
 * (bench/replica-server.ts, apart from the load generator) and autocannon drives the permits page
 * (GET /api/permits, read from the primary) for BENCH_SECONDS alone, then again while a year's permit
 * register report and the year's statistics run back to back, in BENCH_REPLICA_ROUNDS alternating
 * rounds; the median ratio of loaded to quiet is the figure (the issue asks at least 0.9). Scenarios:
 * the heavy reads on the replica from the page's own process; on the primary (a process without
 * DATABASE_REPLICA_URL), for contrast; and on the replica from a second web process (as a proxy location
 * for the downloads would send them), at normal priority and at nice 19 as the documented downloads
 * process runs (deploy/systemd/client-portal-downloads.service; BENCH_REPLICA_NICE to try another;
 * BENCH_REPLICA_SCENARIO=<part of a name> runs matching scenarios only). A last scenario stands in
 * for a replica on a machine of its own, as a deployment has it: the standby's server (on this
 * machine) is reniced to BENCH_STANDBY_NICE (19) for its length, so that its work on the heavy reads
 * takes only the cores the page leaves, and set back to 0 after; and one more puts the downloads
 * process, its readers and the standby in the idle scheduling class (SCHED_IDLE) instead. BENCH_REPLICA_HEAVY=report
 * or =statistics runs one of the two only. The database is dropped at the end, unless
 * BENCH_REPLICA_KEEP=1; a kept database of the same name is used again without filling it.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openPostgres } from '../apps/server/src/db/client.js';
import { prepareDatabase } from '../apps/server/src/db/prepare.js';
import { rebuildStatistics } from '../apps/server/src/modules/statistics/statistics-rebuild.js';
import { admin, databaseUrlOf } from './pg-server.js';
import { fillScaleData } from './scale-fill.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_REPLICA_ROUNDS ?? 3);
const name = process.env.BENCH_REPLICA_DB ?? `cp_replica_${process.pid}`;
const volume = {
  permits: Number(process.env.BENCH_REPLICA_PERMITS ?? 200_000),
  transactions: Number(process.env.BENCH_REPLICA_TRANSACTIONS ?? 1_000_000),
};
const log = (line: string) => console.log(line);
/** The downloads process's CPU priority, as deploy/systemd/client-portal-downloads.service sets it. */
const downloadsNice = Number(process.env.BENCH_REPLICA_NICE ?? 19);
/** Runs only the scenarios whose name contains this (e.g. `downloads process`). */
const onlyScenario = process.env.BENCH_REPLICA_SCENARIO ?? '';
/** The standby's CPU priority in the scenario that stands in for a replica on a machine of its own. */
const standbyNice = Number(process.env.BENCH_STANDBY_NICE ?? 19);
const keep = process.env.BENCH_REPLICA_KEEP === '1';
/** Which heavy reads run beside the page: `report`, `statistics` or both (the default). */
const heavyKinds = (process.env.BENCH_REPLICA_HEAVY ?? 'report,statistics')
  .split(',')
  .filter((kind): kind is 'report' | 'statistics' => kind === 'report' || kind === 'statistics');

/** The URL of database `name` on the standby's server. */
function onStandby(standbyUrl: string): string {
  const url = new URL(standbyUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Waits until the standby has replayed everything the primary had written when called. */
async function caughtUp(primary: Database, standbyUrl: string) {
  const { rows } = await primary.sql.executeSql('select pg_current_wal_lsn()::text as lsn', []);
  const standby = new pg.Client({ connectionString: standbyUrl });
  await standby.connect();
  try {
    for (;;) {
      const replayed = await standby.query<{ done: boolean }>(
        'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done',
        [rows[0]!.lsn],
      );
      if (replayed.rows[0]!.done) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await standby.end();
  }
}

/**
 * Sets the CPU priority of the standby's server and every process of it (its backends are forked
 * from the postmaster, so new ones inherit it): a nice level, or the idle scheduling class
 * (`'idle'`: SCHED_IDLE; `'normal'` puts it back). The standby must run on this machine.
 */
async function setStandbyPriority(standbyUrl: string, nice: number | 'idle' | 'normal') {
  const client = new pg.Client({ connectionString: standbyUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const stat = fs.readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8');
    const postmaster = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const children = fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          const line = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
          return Number(line.slice(line.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
        } catch {
          return false;
        }
      });
    const pids = [String(postmaster), ...children];
    if (nice === 'idle' || nice === 'normal')
      for (const pid of pids) {
        try {
          execFileSync('chrt', [nice === 'idle' ? '--idle' : '--other', '-p', '0', pid]);
        } catch {
          // A backend that ended since the list was read.
        }
      }
    else execFileSync('renice', ['-n', String(nice), '-p', ...pids]);
  } finally {
    await client.end();
  }
}

interface Served {
  base: string;
  auth: Record<string, string>;
  /** The replica's state in the server (null without a replica). */
  replicaState(): Promise<{ status: string; lagSeconds: number | null } | null>;
  stop(): Promise<void>;
}

/**
 * A command at a lower CPU priority: a nice level (systemd's `Nice=`), or the idle scheduling class
 * (`CPUSchedulingPolicy=idle`), which runs only on a core nothing else wants.
 */
function lowered(command: string[], priority: number | 'idle'): string[] {
  if (priority === 'idle') return ['chrt', '--idle', '0', ...command];
  return priority ? ['nice', '-n', String(priority), ...command] : command;
}

/** The app in a child process (bench/replica-server.ts), listening on loopback. */
async function serve(env: Record<string, string>, { nice = 0 as number | 'idle' } = {}): Promise<Served> {
  const command = [
    process.execPath,
    '--conditions=@client-portal/source',
    '--import',
    'tsx',
    'bench/replica-server.ts',
  ];
  // At a lower CPU priority, as a deployment may run its download processes.
  const [file, ...args] = lowered(command, nice);
  const child = spawn(file!, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error('the benchmark server ended');
      if (value.startsWith('{')) return JSON.parse(value);
    }
  };
  const { port, admin: authorization } = await next();
  return {
    base: `http://127.0.0.1:${port}`,
    auth: { authorization },
    replicaState: async () => {
      child.stdin!.write('state\n');
      return (await next()).replica;
    },
    stop: async () => {
      child.stdin!.write('stop\n');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function permitsPage(base: string, auth: Record<string, string>): Promise<Figures> {
  const result = await autocannon({
    url: `${base}/api/permits?state=current`,
    headers: auth,
    connections: 10,
    duration: seconds,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

/**
 * A year's permit register (every permit of the last 12 months, all sites, streamed) and the year's
 * statistics, each in a loop of its own until `stop`, by readers in a process of their own at nice
 * 19 (bench/replica-heavy-client.ts); answers how many of each ran and failed.
 */
async function heavyReads(base: string, auth: Record<string, string>, priority: number | 'idle' = 19) {
  const [file, ...args] = lowered(
    [
      process.execPath,
      '--conditions=@client-portal/source',
      '--import',
      'tsx',
      'bench/replica-heavy-client.ts',
      base,
      auth.authorization!,
    ],
    priority,
  );
  const child = spawn(file!, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error('the heavy readers ended');
      if (value.startsWith('{')) return JSON.parse(value);
    }
  };
  await next();
  return {
    stop: async (): Promise<{ report: number; statistics: number; failed: number; reportBytes: number }> => {
      child.stdin!.write('stop\n');
      return next();
    },
  };
}

const row = (label: string, f: Figures, extra = '') =>
  log(
    `${label.padEnd(64)} ${f.rps.toFixed(0).padStart(7)} ${String(f.p50).padStart(7)} ${String(f.p99).padStart(7)}${f.errors ? `  (${f.errors} errors)` : ''}${extra}`,
  );

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The page on `served`, with nothing else and with the heavy reads running (on `heavyOn`, another
 * process, or on the same one), in BENCH_REPLICA_ROUNDS alternating rounds: the machine is shared, so
 * each ratio compares two loads taken seconds apart, and the median ratio is the figure.
 */
async function measure(
  { base, auth, replicaState }: Served,
  label: string,
  heavyOn?: Served,
  readersPriority: number | 'idle' = 19,
) {
  const ratios: { rps: number; p50: number }[] = [];
  await permitsPage(base, auth); // a warm-up: the first load of a new process runs cold
  for (let round = 1; round <= rounds; round++) {
    const quiet = await permitsPage(base, auth);
    const heavy = await heavyReads(heavyOn?.base ?? base, heavyOn?.auth ?? auth, readersPriority);
    const loaded = await permitsPage(base, auth);
    const done = await heavy.stop();
    row(`${label}, round ${round}: page alone`, quiet);
    row(
      `${label}, round ${round}: page + ${heavyKinds.join(' + ')}`,
      loaded,
      `   (${done.report} reports of ${(done.reportBytes / 1e6).toFixed(1)} MB, ${done.statistics} statistics, ${done.failed} failed)`,
    );
    ratios.push({ rps: loaded.rps / quiet.rps, p50: quiet.p50 / Math.max(loaded.p50, 1) });
  }
  const state = await replicaState();
  log(
    `  ${label}: median ratio ${median(ratios.map((r) => r.rps)).toFixed(2)} (throughput), ${median(ratios.map((r) => r.p50)).toFixed(2)} (p50)${state ? `; replica ${state.status}, ${state.lagSeconds?.toFixed(1)} s behind` : ''}\n`,
  );
}

export async function benchReplica() {
  const standby = process.env.BENCH_REPLICA_URL;
  if (!standby) {
    log(
      'npm run bench -- --replica needs BENCH_REPLICA_URL: a hot standby of BENCH_PG_URL (docs/benchmarks.md).',
    );
    process.exitCode = 1;
    return;
  }
  const kept = keep && (await admin('select 1 from pg_database where datname = $1', [name])).length > 0;
  if (!kept) await admin(`create database ${name}`);
  const database = await openPostgres(databaseUrlOf(name), { poolSize: 10 });
  try {
    if (kept) {
      log(`using the kept database ${name}`);
      // Brought up to the code's migrations (the data is not filled again).
      await prepareDatabase(database, { seed: false });
    } else {
      await prepareDatabase(database, { seed: true });
      await fillScaleData(database, log, volume);
      await rebuildStatistics(database.kysely);
      await database.db.execute(sql`vacuum analyze`);
    }
    const started = performance.now();
    await caughtUp(database, onStandby(standby));
    log(`standby caught up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    log(
      `\n${'permits page'.padEnd(64)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}`,
    );
    const replica = { DATABASE_REPLICA_URL: onStandby(standby) };
    const scenarios: [
      label: string,
      env: Record<string, string>,
      apart: number | 'idle',
      standby?: 'nice' | 'idle',
    ][] = [
      ['heavy reads on the replica', replica, 0],
      ['heavy reads on the primary', {}, 0],
      // The documented shape sends the downloads to a process of their own (deploy/nginx's location)
      // that systemd runs at a low priority (client-portal-downloads.service); at normal priority, for contrast.
      ['heavy reads on the replica, another process', replica, 1],
      [`heavy reads on the replica, the downloads process (nice ${downloadsNice})`, replica, downloadsNice],
      [
        `the same, the standby at nice ${standbyNice} (a replica on a machine of its own)`,
        replica,
        downloadsNice,
        'nice',
      ],
      // The idle scheduling class (systemd's CPUSchedulingPolicy=idle) for the downloads process, its
      // readers and the standby: they run only on a core the page's processes leave.
      ['the downloads process, its readers and the standby at SCHED_IDLE', replica, 'idle', 'idle'],
    ];
    for (const [label, env, apart, standbyPriority] of scenarios.filter(([label]) =>
      label.includes(onlyScenario),
    )) {
      const served = await serve({ DATABASE_URL: databaseUrlOf(name), ...env });
      const other = apart
        ? await serve({ DATABASE_URL: databaseUrlOf(name), ...env }, { nice: apart === 1 ? 0 : apart })
        : undefined;
      try {
        if (standbyPriority)
          await setStandbyPriority(onStandby(standby), standbyPriority === 'idle' ? 'idle' : standbyNice);
        await measure(served, label, other, apart === 'idle' ? 'idle' : 19);
      } finally {
        if (standbyPriority)
          await setStandbyPriority(onStandby(standby), standbyPriority === 'idle' ? 'normal' : 0);
        await served.stop();
        await other?.stop();
      }
    }
  } finally {
    await database.close();
    if (!keep) await admin(`drop database if exists ${name} with (force)`);
  }
}
