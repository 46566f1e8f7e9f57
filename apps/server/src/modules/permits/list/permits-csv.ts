import type { Readable } from 'node:stream';
import {
  type InvoiceColumnType,
  type Permit,
  permitTypeText,
  ukDate,
  ukDateTime,
  ukLastDayBefore,
} from '@client-portal/contract';
import { csvLine } from '../../../plugins/csv-download.js';
import { xlsxStream } from '../../../plugins/xlsx-download.js';

/** 'dd/mm/yyyy' (a day as the table shows it) as the ISO day a workbook's date cell is made from. */
const isoDay = (shown: string) => `${shown.slice(6, 10)}-${shown.slice(3, 5)}-${shown.slice(0, 2)}`;

/**
 * The list's columns, named and ordered as the table shows them (the Expire action is not exported),
 * then the visitor link:
 * each cell's text as the table shows it (the text file) and its typed value (the workbook).
 */
const columns: {
  header: string;
  type?: InvoiceColumnType;
  text(p: Permit): string;
  value?(p: Permit): unknown;
}[] = [
  { header: 'Site', text: (p) => p.site_SiteGroupNumber },
  { header: 'Vehicle registration', text: (p) => p.vehicleRegistration },
  { header: 'Driver name', text: (p) => p.driverName },
  { header: 'Type', text: permitTypeText },
  { header: 'Start date', type: 'date', text: (p) => ukDate(p.started) },
  // A permit's days as the user entered them: it ends at 00:00 after its last day.
  { header: 'End date', type: 'date', text: (p) => ukLastDayBefore(p.ended) },
  { header: 'Reference', text: (p) => p.reference },
  {
    header: 'Last seen',
    type: 'datetime',
    text: (p) => (p.lastSeenAt ? ukDateTime(p.lastSeenAt) : 'Not seen'),
    value: (p) => p.lastSeenAt ?? 'Not seen',
  },
  // Downloads only (issue 27): the visitor link a visitor registered the permit through, empty for
  // any other, for a spreadsheet to filter on (the Type column reads "Visitor (its name)").
  { header: 'Visitor link', text: (p) => p.visitorLink ?? '' },
];

const cellValue = (column: (typeof columns)[number], p: Permit): unknown =>
  column.value ? column.value(p) : column.type === 'date' ? isoDay(column.text(p)) : column.text(p);

export async function* permitCsvLines(batches: AsyncIterable<Permit[]>): AsyncGenerator<string> {
  yield csvLine(columns.map((c) => c.header));
  for await (const batch of batches) {
    // One piece of text per batch: a step of the stream per row would cost more than the rows.
    let text = '';
    for (const p of batch) text += csvLine(columns.map((c) => c.text(p)));
    yield text;
  }
}

/** The same rows as a workbook: start and end days as date cells, Last seen as a UK date and time. */
export function permitWorkbook(batches: AsyncIterable<Permit[]>): Readable {
  async function* rows() {
    for await (const batch of batches) yield batch.map((p) => columns.map((c) => cellValue(c, p)));
  }
  return xlsxStream('Permits', columns, rows());
}
