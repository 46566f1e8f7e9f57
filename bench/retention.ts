/**
 * `npm run bench -- --retention` (issue 28): the retention job anonymising a year of transactions on a
 * PostgreSQL server. A database of its own, the demo seeded, then BENCH_RETENTION_ROWS (10,000,000)
 * transactions over the year that ended 13 months ago (all past their time), analysed; then the job's
 * own code (applyRetention) runs while a second connection keeps writing new transactions and updating
 * old ones (rows the job is walking) every 20 ms, as the portal would. Prints rows anonymised per second, the longest batch
 * transaction (the longest any of its locks is held) and the longest wait the other connection saw.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type Database, openPostgres } from '../apps/server/src/db/client.js';
import { prepareDatabase } from '../apps/server/src/db/prepare.js';
import { applyRetention } from '../apps/server/src/modules/privacy/index.js';
import { admin, databaseUrlOf } from './pg-server.js';

const ROWS = Number(process.env.BENCH_RETENTION_ROWS ?? 10_000_000);
/** The fill goes in statements of this many rows, each its own transaction. */
const FILL_CHUNK = 1_000_000;
/** Rows per batch: the job's own (RETENTION_BATCH_ROWS) unless BENCH_RETENTION_BATCH asks for another. */
const BATCH = process.env.BENCH_RETENTION_BATCH ? Number(process.env.BENCH_RETENTION_BATCH) : undefined;

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

async function fill(database: Database, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    for (let from = 1; from <= ROWS; from += FILL_CHUNK) {
      const to = Math.min(ROWS, from + FILL_CHUNK - 1);
      await client.query(
        `
      with sites as (select array_agg(site_number order by site_number) as a from sites)
      insert into transactions (site_number, occurred_at, vehicle_registration, duration_minutes, amount_pence, method)
      select sites.a[1 + (h / 10) % array_length(sites.a, 1)],
             now() - interval '13 months' - interval '1 day' - (h % (365 * 86400)) * interval '1 second',
             'RT' || lpad(upper(to_hex(h % 16777216)), 6, '0'),
             15 + (h % 480), 100 + (h % 1900),
             (array['card', 'app', 'cash'])[1 + (h / 7) % 3]
      from generate_series($1::int, $2::int) i
      cross join lateral (select (i::bigint * 2654435761) % 4294967291 as h) hash, sites`,
        [from, to],
      );
      console.log(`  filled ${to.toLocaleString('en-GB')} (${seconds(started)} s)`);
    }
    await client.query('vacuum analyze transactions');
    console.log(`filled ${ROWS.toLocaleString('en-GB')} transactions in ${seconds(started)} s (analysed)`);
  } finally {
    await client.end();
  }
  void database;
}

/** Another writer of the table while the job runs: the longest its insert and update of an old row took. */
function startNeighbour(url: string) {
  const client = new pg.Client({ connectionString: url });
  let longest = 0;
  let statements = 0;
  let stop = false;
  const done = (async () => {
    await client.connect();
    while (!stop) {
      const started = performance.now();
      await client.query(
        `insert into transactions (site_number, occurred_at, vehicle_registration, duration_minutes, amount_pence, method)
         select site_number, now(), 'NB11AAA', 60, 250, 'card' from sites order by site_number limit 1`,
      );
      // An old row the job is walking: this waits for as long as a batch holds its lock.
      await client.query(
        `update transactions set method = method
         where id = (select floor(random() * (select max(id) from transactions))::bigint + 1)`,
      );
      longest = Math.max(longest, performance.now() - started);
      statements += 2;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.end();
  })();
  return {
    async stop() {
      stop = true;
      await done;
      return { longestMs: longest, statements };
    },
  };
}

export async function benchRetention(): Promise<void> {
  // BENCH_RETENTION_DATABASE names the database (on a shared server, one's own prefix); dropped after.
  const name = process.env.BENCH_RETENTION_DATABASE ?? `bench_retention_${process.pid}`;
  await admin(`create database ${name}`);
  const url = databaseUrlOf(name);
  const database = await openPostgres(url, { poolSize: 4 });
  try {
    await prepareDatabase(database, { seed: true });
    await fill(database, url);
    const neighbour = startNeighbour(url);
    const started = performance.now();
    // Progress every 500 batches, so that a run cut short still has its figures.
    const stats = await applyRetention(
      database.kysely,
      new Date(),
      async (so) => {
        if (so.batches % 500 !== 0) return;
        const done = so.counts.transactions ?? 0;
        const spent = (performance.now() - started) / 1000;
        console.log(
          `  ${so.batches} batches, ${done.toLocaleString('en-GB')} transactions in ${spent.toFixed(0)} s (${Math.round(done / spent)} rows/s), longest batch ${so.longestBatchMs} ms`,
        );
      },
      undefined,
      BATCH,
    );
    const seconds = (performance.now() - started) / 1000;
    const seen = await neighbour.stop();
    const anonymised = stats.counts.transactions ?? 0;
    console.log(
      `retention: ${anonymised.toLocaleString('en-GB')} transactions anonymised in ${seconds.toFixed(1)} s`,
    );
    console.log(`  ${Math.round(anonymised / seconds).toLocaleString('en-GB')} rows per second`);
    console.log(
      `  ${stats.batches.toLocaleString('en-GB')} batches; longest batch transaction (longest lock held): ${stats.longestBatchMs} ms`,
    );
    console.log(
      `  a neighbour's inserts and updates of old rows meanwhile: ${seen.statements} statements, longest ${seen.longestMs.toFixed(0)} ms`,
    );
    console.log(`  counts: ${JSON.stringify(stats.counts)}`);
  } finally {
    await database.close();
    await admin(`drop database ${name}`);
  }
}
