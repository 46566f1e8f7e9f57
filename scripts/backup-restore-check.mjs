// @ts-check
/**
 * Backs up a running portal's PostgreSQL database, restores it into a fresh cluster and starts the
 * portal on the restored copy: every table's row count must match the source's, and the restored portal
 * must answer /api/ready and a signed-in read as the source does. Exits non-zero on any difference.
 *
 *   npm run build && node scripts/backup-restore-check.mjs
 *
 * Without SOURCE_DATABASE_URL it makes the running portal itself: a database of its own on
 * POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres), the compiled server started on it (which
 * migrates and seeds the demo data) and left running through the backup. With SOURCE_DATABASE_URL it
 * backs up that database (a deployment's), signing in as CHECK_EMAIL / CHECK_PASSWORD (the demo
 * manager by default) on the restored copy.
 *
 * The backup is `pg_dump -Fc`, taken in a snapshot exported by a transaction that also counts the
 * source's rows, so the counts are those of the dump however busy the portal is. The fresh cluster is
 * made with initdb on a free port in a temporary folder (as the postgres user when run as root) from
 * PG_BIN (the newest /usr/lib/postgresql/<n>/bin by default). docs/deployment.md, "Backups".
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const started = Date.now();
const repoRoot = path.resolve(import.meta.dirname, '..');
const server = path.join(repoRoot, 'apps/server/dist/server.js');
const postgresUrl = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const email = process.env.CHECK_EMAIL ?? 'manager@acme.example';
const password = process.env.CHECK_PASSWORD ?? 'Portal-demo-1';
const pgBin =
  process.env.PG_BIN ??
  path.join(
    '/usr/lib/postgresql',
    fs
      .readdirSync('/usr/lib/postgresql')
      .sort((a, b) => Number(b) - Number(a))
      .at(0) ?? '',
    'bin',
  );
const asRoot = process.getuid?.() === 0;
/** @type {(() => Promise<void> | void)[]} */
const cleanUps = [];
let failed = false;

const log = (/** @type {string} */ line) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
const fail = (/** @type {string} */ line) => {
  failed = true;
  console.error(`MISMATCH: ${line}`);
};

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (s.address());
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/**
 * Runs a PostgreSQL program; `asPostgres`: as the postgres user when we are root (initdb and the
 * server refuse root).
 */
function runPg(/** @type {string} */ program, /** @type {string[]} */ args, asPostgres = true) {
  const [command, all] =
    asRoot && asPostgres
      ? ['runuser', ['-u', 'postgres', '--', path.join(pgBin, program), ...args]]
      : [path.join(pgBin, program), args];
  const result = spawnSync(command, all, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${program} ${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

/** Every table's row count, by schema-qualified name, read in `client`'s transaction. */
async function rowCounts(/** @type {pg.Client} */ client) {
  const tables = await client.query(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const { name } of tables.rows) {
    const { rows } = await client.query(`select count(*)::bigint as n from ${name}`);
    counts.set(name, Number(rows[0].n));
  }
  return counts;
}

/** Starts the compiled server on `databaseUrl` and waits for /api/ready; returns its URL. */
async function startPortal(/** @type {string} */ databaseUrl, /** @type {string} */ label) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-backup-portal-'));
  const child = spawn(process.execPath, [server], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      PERMIT_DIGEST_ENABLED: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  cleanUps.push(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The ${label} portal exited:\n${output}`);
    const ready = await fetch(`${url}/api/ready`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ready) return url;
    if (Date.now() > deadline) throw new Error(`The ${label} portal was not ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Signs in and reads the permit counter: what a user's first page asks. */
async function signedInRead(/** @type {string} */ url) {
  const login = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`Sign-in of ${email} at ${url}: ${login.status} ${await login.text()}`);
  const { accessToken } = /** @type {{ accessToken: string }} */ (await login.json());
  const read = await fetch(`${url}/api/permits/_count?state=current`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return `${read.status} ${await read.text()}`;
}

async function main() {
  if (!fs.existsSync(server)) throw new Error(`${server} is missing: run npm run build first.`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-backup-'));
  if (asRoot) execFileSync('chown', ['postgres:', work]);
  cleanUps.push(() => fs.rmSync(work, { recursive: true, force: true }));

  // 1. The running portal.
  let sourceUrl = process.env.SOURCE_DATABASE_URL;
  /** @type {string | undefined} */
  let sourcePortal;
  if (!sourceUrl) {
    const name = `cp_backup_source_${Date.now()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanUps.push(async () => {
      const dropper = new pg.Client({ connectionString: postgresUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    });
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    sourceUrl = url.toString();
    sourcePortal = await startPortal(sourceUrl, 'source');
    log(`source portal running on ${name} (migrated and seeded)`);
  }

  // 2. The backup, in a snapshot the counts read too.
  const dump = path.join(work, 'portal.dump');
  const source = new pg.Client({ connectionString: sourceUrl });
  await source.connect();
  /** @type {Map<string, number>} */
  let sourceCounts;
  try {
    await source.query('begin isolation level repeatable read read only');
    const { rows } = await source.query('select pg_export_snapshot() as snapshot');
    runPg(
      'pg_dump',
      ['--format=custom', `--snapshot=${rows[0].snapshot}`, `--file=${dump}`, sourceUrl],
      false,
    );
    sourceCounts = await rowCounts(source);
    await source.query('commit');
  } finally {
    await source.end();
  }
  const rowsInAll = [...sourceCounts.values()].reduce((a, b) => a + b, 0);
  log(
    `pg_dump -Fc: ${(fs.statSync(dump).size / 1024 / 1024).toFixed(1)} MiB, ${sourceCounts.size} tables, ${rowsInAll} rows`,
  );

  // 3. A fresh cluster, and the restore.
  const cluster = path.join(work, 'cluster');
  const port = await freePort();
  runPg('initdb', ['--pgdata', cluster, '--username', 'postgres', '--auth', 'trust', '--no-sync']);
  runPg('pg_ctl', [
    '--pgdata',
    cluster,
    '--log',
    path.join(work, 'cluster.log'),
    '--options',
    `-p ${port} -k ${work} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '--wait',
    'start',
  ]);
  cleanUps.push(() => {
    runPg('pg_ctl', ['--pgdata', cluster, '--mode', 'fast', '--wait', 'stop']);
  });
  const restoredServer = `postgres://postgres@127.0.0.1:${port}`;
  const maintenance = new pg.Client({ connectionString: `${restoredServer}/postgres` });
  await maintenance.connect();
  await maintenance.query('create database portal');
  await maintenance.end();
  const restoredUrl = `${restoredServer}/portal`;
  runPg('pg_restore', ['--exit-on-error', '--jobs=2', `--dbname=${restoredUrl}`, dump], false);
  log(`restored into a fresh cluster (initdb, port ${port})`);

  // 4. Every row there.
  const restored = new pg.Client({ connectionString: restoredUrl });
  await restored.connect();
  const restoredCounts = await rowCounts(restored);
  await restored.end();
  for (const [table, n] of sourceCounts) {
    const m = restoredCounts.get(table);
    if (m !== n) fail(`${table}: ${n} rows in the source, ${m ?? 'no table'} restored`);
  }
  for (const table of restoredCounts.keys())
    if (!sourceCounts.has(table)) fail(`${table} is restored but not in the source`);
  if (!failed) log(`every table's row count matches (${restoredCounts.size} tables, ${rowsInAll} rows)`);

  // 5. The portal on the restored copy.
  const restoredPortal = await startPortal(restoredUrl, 'restored');
  const answer = await signedInRead(restoredPortal);
  if (!answer.startsWith('200 ')) fail(`the signed-in read on the restored portal answered ${answer}`);
  if (sourcePortal) {
    const expected = await signedInRead(sourcePortal);
    if (answer !== expected)
      fail(`the signed-in read answered ${answer} restored, ${expected} at the source`);
  }
  log(`restored portal ready; ${email} signed in and read the permit counter: ${answer}`);
}

try {
  await main();
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  for (const cleanUp of cleanUps.reverse()) {
    try {
      await cleanUp();
    } catch (error) {
      console.error('clean-up:', error);
    }
  }
}
log(failed ? 'backup and restore check FAILED' : 'backup and restore check passed');
process.exitCode = failed ? 1 : 0;
