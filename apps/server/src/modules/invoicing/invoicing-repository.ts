import type { InvoiceRow, Page, PageQuery } from '@client-portal/contract';
import { type AliasableExpression, sql } from 'kysely';
import { toPage } from '../../db/keyset.js';
import {
  type ColumnKeysetClauses,
  type ColumnKeysetOrder,
  columnKeysetBatches,
  columnKeysetClauses,
  keysetParts,
} from '../../db/keyset-queries.js';
import type { Queries } from '../../db/kysely.js';
import type { InvoiceScope, InvoiceSource } from './invoice-sources.js';

interface InvoiceTotals {
  rows: number;
  columns: Record<string, number>;
}

/** The parts one after the other (`union all`); a single part is itself. */
function unionOf(db: Queries, parts: AliasableExpression<object>[]): AliasableExpression<object> {
  if (parts.length === 1) return parts[0]!;
  const [first, ...rest] = parts.map((part) => db.selectFrom(part.as('p')).selectAll('p'));
  return rest.reduce((all, part) => all.unionAll(part), first!);
}

/** The statements of this repository, built but not run: what invoicing-repository.sql shows. */
export const invoicingQueries = {
  /** Every part's rows after the cursor in page order, merged: `limit` rows from `offset`. */
  rows: (
    db: Queries,
    source: InvoiceSource,
    scope: InvoiceScope,
    order: ColumnKeysetOrder,
    clauses: ColumnKeysetClauses,
  ) => {
    const keyset = keysetParts('x', order, clauses);
    const reach = clauses.offset + clauses.limit;
    // Each part read in index order up to the page's reach, so a group's page never sorts its whole month.
    const parts = source
      .rows(db, scope)
      .map((part) =>
        db.selectFrom(part.as('x')).selectAll('x').where(keyset.where).$call(keyset.ordered).limit(reach),
      );
    return db
      .selectFrom(unionOf(db, parts).as('x'))
      .selectAll('x')
      .select(keyset.keyColumns)
      .$call(keyset.paged);
  },

  /** The row count and each totalled column over every matching row. */
  totals: (db: Queries, source: InvoiceSource, scope: InvoiceScope) =>
    db
      .selectFrom(unionOf(db, source.rows(db, scope)).as('x'))
      .select((eb) => [
        eb.fn.countAll<number | string>().as('rows'),
        ...Object.entries(source.totals((column) => sql.ref(`x.${column}`))).map(([name, total]) =>
          total.as(name),
        ),
      ]),
};

async function readInvoiceRows(
  db: Queries,
  source: InvoiceSource,
  scope: InvoiceScope,
  order: ColumnKeysetOrder,
  clauses: ColumnKeysetClauses,
) {
  if (source.rows(db, scope).length === 0) return [];
  return invoicingQueries.rows(db, source, scope, order, clauses).execute();
}

/** The invoice's totals over every matching row: the row count and each totalled column. */
export async function invoiceTotals(
  db: Queries,
  source: InvoiceSource,
  scope: InvoiceScope,
): Promise<InvoiceTotals> {
  const columns = Object.keys(source.totals((column) => sql.ref(column)));
  if (source.rows(db, scope).length === 0) {
    return { rows: 0, columns: Object.fromEntries(columns.map((c) => [c, 0])) };
  }
  const row = await invoicingQueries.totals(db, source, scope).executeTakeFirst();
  return {
    rows: Number(row?.rows ?? 0),
    columns: Object.fromEntries(columns.map((c) => [c, Math.round(Number(row?.[c] ?? 0) * 100) / 100])),
  };
}

/** One page of an invoice in the asked order, with its totals. */
export async function pageInvoice(
  db: Queries,
  source: InvoiceSource,
  scope: InvoiceScope,
  order: ColumnKeysetOrder,
  page: Pick<PageQuery, 'after' | 'before' | 'skip'>,
): Promise<Page<InvoiceRow> & { totals: InvoiceTotals }> {
  const clauses = columnKeysetClauses(order, page);
  const [rows, totals] = await Promise.all([
    readInvoiceRows(db, source, scope, order, clauses),
    invoiceTotals(db, source, scope),
  ]);
  return { ...toPage(rows, clauses, totals.rows, (row) => source.toRow(row)), totals };
}

/**
 * Rows per read of an invoice export: a busy month is 320,000 rows, and a batch's rows, their text
 * and its UTF-16 bytes are what the server holds while it streams (an index range scan each).
 */
const INVOICE_EXPORT_BATCH = 2_000;

/** Every row of an invoice in order, a batch at a time (for the CSV). */
export async function* invoiceBatches(
  db: Queries,
  source: InvoiceSource,
  scope: InvoiceScope,
  order: ColumnKeysetOrder,
): AsyncGenerator<InvoiceRow[]> {
  const read = (clauses: ColumnKeysetClauses) => readInvoiceRows(db, source, scope, order, clauses);
  for await (const rows of columnKeysetBatches(order, read, INVOICE_EXPORT_BATCH)) {
    yield rows.map((row) => source.toRow(row));
  }
}
