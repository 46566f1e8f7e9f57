import { encodeCursor } from '../../db/keyset.js';
import { type ColumnKeysetOrder, columnKeysetClauses } from '../../db/keyset-queries.js';
import type { SqlSnapshot } from '../../db/sql-snapshots.js';
import { invoiceDefinitions, invoiceKeys } from './definitions.js';
import { invoiceSources } from './invoice-sources.js';
import { invoicingQueries } from './invoicing-repository.js';

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

/** Each invoice's page and totals statements with sample parameters, for its committed SQL (decision 31). */
export const invoicingSqlSnapshot: SqlSnapshot = {
  repository: 'modules/invoicing/invoicing-repository.ts',
  builtFrom: ['modules/invoicing/invoice-sources.ts'],
  queries: invoiceQueries(),
};
