import type { InvoiceRow, Page, PageQuery } from '@client-portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  type KeysetClauses,
  type KeysetOrder,
  keysetBatches,
  keysetClauses,
  toPage,
} from '../../db/keyset.js';
import { selectRows } from '../../db/rows.js';
import type { InvoiceScope, InvoiceSource } from './invoice-sources.js';

interface InvoiceTotals {
  rows: number;
  columns: Record<string, number>;
}

type KeyedRow = Record<string, unknown> & { page_key: string | null; page_id: string };

/** Every part's rows after the cursor in page order, merged: `limit` rows from `offset`. */
async function readInvoiceRows(
  db: Db,
  source: InvoiceSource,
  scope: InvoiceScope,
  clauses: KeysetClauses,
): Promise<KeyedRow[]> {
  const parts = source.rows(scope);
  if (parts.length === 0) return [];
  const reach = clauses.offset + clauses.limit;
  const merged = sql.join(
    parts.map(
      (part) => sql`(select x.* from (${part}) x where ${clauses.where}
                     order by ${clauses.orderBy} limit ${reach})`,
    ),
    sql` union all `,
  );
  return selectRows<KeyedRow>(
    db,
    sql`select x.*, ${clauses.keyColumns} from (${merged}) x
        order by ${clauses.orderBy} limit ${clauses.limit} offset ${clauses.offset}`,
  );
}

/** The invoice's totals over every matching row: the row count and each totalled column. */
export async function invoiceTotals(
  db: Db,
  source: InvoiceSource,
  scope: InvoiceScope,
): Promise<InvoiceTotals> {
  const parts = source.rows(scope);
  if (parts.length === 0) {
    return { rows: 0, columns: Object.fromEntries(source.totalColumns.map((c) => [c, 0])) };
  }
  const all: SQL = sql.join(
    parts.map((part) => sql`(${part})`),
    sql` union all `,
  );
  const [row] = await selectRows<Record<string, unknown>>(db, sql`select ${source.totals} from (${all}) x`);
  return {
    rows: Number(row?.rows ?? 0),
    columns: Object.fromEntries(
      source.totalColumns.map((c) => [c, Math.round(Number(row?.[c] ?? 0) * 100) / 100]),
    ),
  };
}

/** One page of an invoice in the asked order, with its totals. */
export async function pageInvoice(
  db: Db,
  source: InvoiceSource,
  scope: InvoiceScope,
  order: KeysetOrder,
  page: Pick<PageQuery, 'after' | 'before' | 'skip'>,
): Promise<Page<InvoiceRow> & { totals: InvoiceTotals }> {
  const clauses = keysetClauses(order, page);
  const [rows, totals] = await Promise.all([
    readInvoiceRows(db, source, scope, clauses),
    invoiceTotals(db, source, scope),
  ]);
  return { ...toPage(rows, clauses, totals.rows, source.toRow), totals };
}

/**
 * Rows per read of an invoice export: a busy month is 320,000 rows, and a batch's rows, their text
 * and its UTF-16 bytes are what the server holds while it streams (an index range scan each).
 */
const INVOICE_EXPORT_BATCH = 2_000;

/** Every row of an invoice in order, a batch at a time (for the CSV). */
export async function* invoiceBatches(
  db: Db,
  source: InvoiceSource,
  scope: InvoiceScope,
  order: KeysetOrder,
): AsyncGenerator<InvoiceRow[]> {
  const read = (clauses: KeysetClauses) => readInvoiceRows(db, source, scope, clauses);
  for await (const rows of keysetBatches(order, read, INVOICE_EXPORT_BATCH)) {
    yield rows.map(source.toRow);
  }
}
