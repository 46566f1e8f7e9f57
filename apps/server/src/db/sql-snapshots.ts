import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Compilable } from 'kysely';
import { invoiceDefinitions, invoiceKeys } from '../modules/invoicing/definitions.js';
import { invoiceSources } from '../modules/invoicing/invoice-sources.js';
import { invoicingQueries } from '../modules/invoicing/invoicing-repository.js';
import { statisticsQueries } from '../modules/statistics/statistics-repository.js';
import { encodeCursor } from './keyset.js';
import { type ColumnKeysetOrder, columnKeysetClauses } from './keyset-queries.js';
import { compileOnlyQueries, type Queries } from './kysely.js';

/**
 * The SQL each converted repository's statements compile to, with sample parameters, committed beside
 * it (`<repository>.sql`, as immich does) so that a reviewer reads the SQL a change makes in its diff.
 * `npm run db:sql -w @client-portal/server` writes them; sql-snapshots.test.ts fails when one differs.
 */
export interface SqlSnapshot {
  /** The repository, relative to src/. */
  repository: string;
  queries: Record<string, (db: Queries) => Compilable>;
}

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const sites = { siteNumbers: ['1001', '1002'], permitTargets: ['1001', '1002', 'G01'] };
const range = { from: '2026-01-01', to: '2026-01-31' };
const scope = { siteNumbers: ['1001', '1002'], groupNumbers: ['G01'], from: '2026-01-01', to: '2026-02-01' };

function invoiceQueries(): SqlSnapshot['queries'] {
  const queries: SqlSnapshot['queries'] = {};
  for (const key of invoiceKeys) {
    const source = invoiceSources[key];
    const sort = invoiceDefinitions[key].defaultSort;
    const order: ColumnKeysetOrder = { key: source.sortKeys[sort.column]!, id: source.id, desc: false };
    const firstPage = columnKeysetClauses(order, { skip: 0 });
    const nextPage = columnKeysetClauses(order, {
      after: encodeCursor('2026-01-05 10:00:00+00', '42'),
      skip: 1,
    });
    queries[`${key}: first page`] = (db) => invoicingQueries.rows(db, source, scope, order, firstPage);
    queries[`${key}: a later page`] = (db) => invoicingQueries.rows(db, source, scope, order, nextPage);
    queries[`${key}: totals`] = (db) => invoicingQueries.totals(db, source, scope);
  }
  return queries;
}

export const sqlSnapshots: SqlSnapshot[] = [
  {
    repository: 'modules/statistics/statistics-repository.ts',
    queries: {
      parkingDays: (db) => statisticsQueries.parkingDays(db, sites, range),
      occupancyByWeekday: (db) => statisticsQueries.occupancyByWeekday(db, sites, range),
      permitsActiveBefore: (db) => statisticsQueries.permitsActiveBefore(db, sites, range.from),
      permitDays: (db) => statisticsQueries.permitDays(db, sites, range),
      permitReasons: (db) => statisticsQueries.permitReasons(db, sites, range),
      enforcementMonths: (db) => statisticsQueries.enforcementMonths(db, sites, range),
      monthlyAllowances: (db) => statisticsQueries.monthlyAllowances(db, sites),
      siteTotals: (db) => statisticsQueries.siteTotals(db, sites, range),
      allGroups: (db) => statisticsQueries.allGroups(db),
      groupsWithin: (db) => statisticsQueries.groupsWithin(db, sites.siteNumbers),
      allSiteNumbers: (db) => statisticsQueries.allSiteNumbers(db),
    },
  },
  { repository: 'modules/invoicing/invoicing-repository.ts', queries: invoiceQueries() },
];

/** Where a repository's snapshot is kept: beside it, `.sql` for `.ts`. */
export const snapshotPath = (snapshot: SqlSnapshot): string =>
  path.join(srcDir, snapshot.repository.replace(/\.ts$/, '.sql'));

const clauses = ['select', 'from', 'where', 'group by', 'having', 'order by', 'limit', 'offset', 'union all'];
const joins = ['left join', 'inner join', 'cross join'];

/**
 * One clause a line, indented by subquery depth: enough to read a statement in a diff. Parentheses
 * that do not open a subquery (function calls, row values) keep their text on the line.
 */
export function formatSql(text: string): string {
  let out = '';
  const levels: boolean[] = [true];
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      out += c;
      if (c === quote) quote = undefined;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '(') levels.push(text.startsWith('select ', i + 1));
    else if (c === ')') levels.pop();
    const atWord = i === 0 || text[i - 1] === ' ' || text[i - 1] === '(';
    const keyword =
      atWord && levels.at(-1) ? [...clauses, ...joins].find((k) => text.startsWith(`${k} `, i)) : undefined;
    if (keyword && i > 0) {
      out = out.trimEnd();
      out += `\n${'  '.repeat(levels.length - 1)}`;
    }
    out += c;
  }
  return out;
}

export function renderSnapshot(snapshot: SqlSnapshot): string {
  const db = compileOnlyQueries();
  const header = `-- The SQL of ${path.basename(snapshot.repository)}'s statements, compiled with sample parameters.
-- Generated by \`npm run db:sql -w @client-portal/server\` (src/db/sql-snapshots.ts); do not edit.
`;
  const statements = Object.entries(snapshot.queries).map(([name, build]) => {
    const compiled = build(db).compile();
    return `-- ${name}\n${formatSql(compiled.sql)};\n-- parameters: ${JSON.stringify(compiled.parameters)}\n`;
  });
  return [header, ...statements].join('\n');
}

/** `npm run db:sql`: writes every snapshot. */
export function writeSqlSnapshots(): string[] {
  return sqlSnapshots.map((snapshot) => {
    fs.writeFileSync(snapshotPath(snapshot), renderSnapshot(snapshot));
    return path.relative(process.cwd(), snapshotPath(snapshot));
  });
}
