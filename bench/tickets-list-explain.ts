/**
 * The tickets list's plans at scale (issue 24, decision 33): `npx tsx --conditions=@client-portal/source bench/tickets-list-explain.ts`.
 * Creates a PostgreSQL database of its own (on the server of BENCH_PG_URL), migrates and seeds the demo,
 * adds TICKETS (default 1,000,000) tickets over every site with generate_series, analyses, and prints
 * EXPLAIN (ANALYZE, BUFFERS) of the list's page and count statements for a clerk (one site), a client
 * manager (a group of six sites) and an all-sites caller, then drops the database (BENCH_SCALE_KEEP=1
 * keeps it).
 */

import { ukToday } from '@client-portal/contract';
import { type Compilable, CompiledQuery } from 'kysely';
import { openPostgres } from '../apps/server/src/db/client.js';
import { columnKeysetClauses } from '../apps/server/src/db/keyset-queries.js';
import { prepareDatabase } from '../apps/server/src/db/prepare.js';
import { samplePrincipal } from '../apps/server/src/db/sql-snapshots.js';
import {
  type TicketListFilter,
  ticketListOrderOf,
  ticketListQueries,
} from '../apps/server/src/modules/tickets/ticket-list-repository.js';
import { admin, databaseUrlOf } from './pg-server.js';

const name = `cp_tickets_${process.pid}`;
const count = Number(process.env.TICKETS ?? 1_000_000);
const keep = process.env.BENCH_SCALE_KEEP === '1';
const log = (line: string) => console.log(line);

const clerk = samplePrincipal({ features: ['Tickets.Cancel'], access: ['1001'], siteNumbers: ['1001'] });
const groupSites = ['1001', '1002', '1003', '1004', '1005', '1006'];
const manager = samplePrincipal({
  features: ['Tickets.Cancel', 'Tickets.Reduce'],
  access: ['SG01'],
  siteNumbers: groupSites,
});
const operator = {
  ...samplePrincipal({ features: ['Tickets.Cancel'], access: [], siteNumbers: [] }),
  accessAllSites: true,
};

async function main() {
  await admin(`create database ${name}`);
  const database = await openPostgres(databaseUrlOf(name), { poolSize: 1 });
  try {
    const started = performance.now();
    await prepareDatabase(database, { seed: true });
    await database.kysely.executeQuery(
      CompiledQuery.raw(
        `insert into tickets (ticket_number, site_number, vehicle_registration, violation_date, issue_date,
           full_amount_pence, reduced_amount_pence, status, contravention)
         select 'X' || lpad(i::text, 9, '0'), s.site_number, 'R' || lpad((i % 400000)::text, 6, '0'),
           now() - (i % 400) * interval '1 day' - (i % 1440) * interval '1 minute',
           now() - (i % 400) * interval '1 day' - (i % 1440) * interval '1 minute' + interval '1 hour',
           10000, 6000, (array['open', 'paid', 'cancelled', 'settled', 'debtRecovery'])[1 + i % 5],
           'Parked without a valid permit or ticket'
         from generate_series(1, $1::int) i
         join (select site_number, (row_number() over (order by site_number) - 1)::int as k,
                 (count(*) over ())::int as n from sites) s on s.k = i % s.n`,
        [count],
      ),
    );
    // As autovacuum leaves a table: statistics, and the visibility map that index-only scans read.
    await database.kysely.executeQuery(CompiledQuery.raw('vacuum analyze tickets'));
    await database.kysely.executeQuery(CompiledQuery.raw('analyze'));
    log(`filled ${count} tickets in ${((performance.now() - started) / 1000).toFixed(0)} s`);

    const today = ukToday();
    const cases: [string, Compilable][] = [];
    const add = (label: string, principal: typeof clerk, filter: TicketListFilter, sort = {}) => {
      const order = ticketListOrderOf(sort);
      cases.push([
        `${label}: page`,
        ticketListQueries.page(
          database.kysely,
          principal,
          filter,
          order,
          columnKeysetClauses(order, { skip: 0 }),
        ),
      ]);
      cases.push([`${label}: count`, ticketListQueries.count(database.kysely, principal, filter)]);
    };
    add('clerk, one site, newest first', clerk, { today });
    add('manager, six sites, newest first', manager, { today });
    add('manager, six sites, open only', manager, { today, status: 'open' });
    add('manager, one site picked, last 7 days', manager, {
      today,
      siteNumber: '1002',
      from: ukToday(new Date(Date.now() - 7 * 86_400_000)),
      to: today,
    });
    add('manager, search a whole number', manager, { today, search: 'pcn 10000002' });
    add('manager, search part of a number', manager, { today, search: '0000123' });
    add('all sites, newest first', operator, { today });
    add('all sites, by registration', operator, { today }, { sort: 'vehicleRegistration' });
    add('all sites, search a whole number', operator, { today, search: '10000002' });
    add('all sites, search part of a plate', operator, { today, search: 'r012345' });

    for (const [label, query] of cases) {
      const compiled = query.compile();
      const plan = await database.kysely.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain (analyze, buffers) ${compiled.sql}`, [...compiled.parameters]),
      );
      const lines = plan.rows.map((r) => r['QUERY PLAN']);
      const time = lines.find((l) => l.startsWith('Execution Time'));
      const indexes = [...new Set(lines.flatMap((l) => l.match(/using (\w+)/g) ?? []))].join(', ');
      log(`${label.padEnd(48)} ${time?.replace('Execution Time: ', '').padStart(12)}  ${indexes}`);
      if (process.env.BENCH_PLANS === '1') log(lines.join('\n'));
    }
  } finally {
    await database.close();
    if (!keep) await admin(`drop database ${name}`);
  }
}

await main();
