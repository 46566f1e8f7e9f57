import type { Readable } from 'node:stream';
import {
  addIsoDays,
  type InvoiceDefinition,
  type InvoiceExportQuery,
  type InvoicePage,
  type InvoicePageQuery,
  invoiceFileName,
  invoiceRangeSchema,
  type Language,
  ruleCheck,
  ukToday,
} from '@client-portal/contract';
import type { ColumnKeysetOrder } from '../../db/keyset-queries.js';
import type { Queries } from '../../db/kysely.js';
import type { SplitReads } from '../../db/read-replica.js';
import { translatorFor, wordAt } from '../../i18n/index.js';
import { csvLine, typedCsvCell } from '../../plugins/csv-download.js';
import { notFound, validationFailed } from '../../plugins/problem.js';
import { ruleFieldErrors } from '../../plugins/rule-messages.js';
import { xlsxStream } from '../../plugins/xlsx-download.js';
import type { Principal } from '../access/index.js';
import { findSiteOrGroupInReach } from '../sites/index.js';
import { type InvoiceKey, invoiceDefinitions, isInvoiceKey } from './definitions.js';
import { type InvoiceScope, invoiceSources } from './invoice-sources.js';
import { invoiceBatches, invoiceTotals, pageInvoice } from './invoicing-repository.js';
import { invoicingRuleMessages } from './invoicing-rule-messages.js';

export function listDefinitions(): InvoiceDefinition[] {
  return Object.values(invoiceDefinitions);
}

export function definitionFor(key: string): InvoiceDefinition {
  if (!isInvoiceKey(key)) throw notFound('There is no such invoice.');
  return invoiceDefinitions[key];
}

/**
 * The wire range is [from, to) with `to` exclusive (the wizard's inclusive end plus one day), held to
 * the contract's invoice range rule: at most one calendar month inclusive, not after today.
 */
export function checkRange(from: string, to: string, today: string): void {
  const issues = ruleCheck(invoiceRangeSchema(today), { start: from, end: addIsoDays(to, -1) }).map(
    (issue) => ({
      ...issue,
      field: issue.field === 'start' ? 'from' : 'to',
    }),
  );
  if (issues.length > 0) throw validationFailed(ruleFieldErrors(issues, invoicingRuleMessages));
}

/** The checked scope of an invoice: the site or group in reach, the range valid. */
async function invoiceScopeFor(
  queries: Queries,
  principal: Principal,
  key: string,
  site: string,
  range: { from: string; to: string },
  today: string,
): Promise<{ key: InvoiceKey; scope: InvoiceScope }> {
  if (!isInvoiceKey(key)) throw notFound('There is no such invoice.');
  // A site outside the caller's reach looks the same as one that does not exist.
  const found = await findSiteOrGroupInReach(queries, principal, site, 'There is no such site.');
  checkRange(range.from, range.to, today);
  const scope =
    found.kind === 'site'
      ? { siteNumbers: [site], groupNumbers: [] }
      : { siteNumbers: found.members, groupNumbers: [site] };
  return { key, scope: { ...scope, from: range.from, to: range.to } };
}

/** The order asked for (one of the definition's columns), else the definition's default; ties by id. */
function orderOf(
  key: InvoiceKey,
  sort: string | undefined,
  direction: 'asc' | 'desc' | undefined,
): ColumnKeysetOrder {
  const definition = invoiceDefinitions[key];
  const source = invoiceSources[key];
  const column = sort ?? definition.defaultSort.column;
  const sortKey = source.sortKeys[column];
  if (!sortKey) throw validationFailed({ sort: [`The invoice has no column ${column} to sort by.`] });
  const fallback = sort ? 'asc' : definition.defaultSort.direction;
  return { key: sortKey, id: source.id, desc: (direction ?? fallback) === 'desc' };
}

/** One page of an invoice, sorted by the server, with the row count and totals of the whole invoice. */
export async function invoicePage(
  queries: Queries,
  principal: Principal,
  keyText: string,
  site: string,
  query: InvoicePageQuery,
  today = ukToday(),
): Promise<InvoicePage> {
  const { key, scope } = await invoiceScopeFor(queries, principal, keyText, site, query, today);
  return pageInvoice(queries, invoiceSources[key], scope, orderOf(key, query.sort, query.direction), query);
}

/**
 * The whole invoice as CSV text (a batch of lines at a time), read a batch at a time in the asked order, ending with a totals
 * line (the row count under the first column, the sums under the columns that add up). The caller's reach
 * is read from `db.primary`, the rows and totals from `db.rows` (decision 41).
 */
export async function invoiceExport(
  db: SplitReads,
  principal: Principal,
  keyText: string,
  site: string,
  query: InvoiceExportQuery,
  language: Language,
  today = ukToday(),
): Promise<{ fileName: string; lines?: AsyncGenerator<string>; stream?: Readable }> {
  const { key, scope } = await invoiceScopeFor(db.primary, principal, keyText, site, query, today);
  const definition = invoiceDefinitions[key];
  const source = invoiceSources[key];
  const order = orderOf(key, query.sort, query.direction);
  const columns = Object.entries(definition.columns);
  // The headers, the sheet's name and the totals line in the reader's language (decision 53).
  const t = translatorFor(language);
  const headers = columns.map(([id]) => wordAt(t, `downloads.invoices.${key}.columns.${id}`));
  const fileName = invoiceFileName(site, definition.name, query.from, addIsoDays(query.to, -1), query.format);
  /** The last line: the row count under the first column, each totalled column's sum under it. */
  const totalsLine = async () => {
    const totals = await invoiceTotals(db.rows, source, scope);
    return columns.map(([id], index) =>
      index === 0 ? t('downloads.invoices.total', { count: totals.rows }) : totals.columns[id],
    );
  };
  if (query.format === 'xlsx') {
    async function* rows() {
      for await (const batch of invoiceBatches(db.rows, source, scope, order)) {
        yield batch.map((row) => columns.map(([id]) => row[id]));
      }
    }
    const sheetColumns = columns.map(([, c], index) => ({ header: headers[index] ?? c.text, type: c.type }));
    const sheet = t(`downloads.invoices.${key}.name`);
    return { fileName, stream: xlsxStream(sheet, sheetColumns, rows(), totalsLine) };
  }
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(headers);
    for await (const batch of invoiceBatches(db.rows, source, scope, order)) {
      // One piece of text per batch: a step of the stream per row would cost more than the rows.
      let text = '';
      for (const row of batch)
        text += csvLine(columns.map(([id, column]) => typedCsvCell(row[id], column.type)));
      yield text;
    }
    const totals = await totalsLine();
    yield csvLine(
      columns.map(([, column], index) =>
        index === 0 ? totals[0] : typedCsvCell(totals[index], column.type),
      ),
    );
  }
  return { fileName, lines: lines() };
}
