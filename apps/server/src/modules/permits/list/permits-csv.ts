import type { Readable } from 'node:stream';
import {
  type InvoiceColumnType,
  type Permit,
  ukDate,
  ukDateTime,
  ukLastDayBefore,
} from '@client-portal/contract';
import type { Translate } from '../../../i18n/index.js';
import { csvLine } from '../../../plugins/csv-download.js';
import { xlsxStream } from '../../../plugins/xlsx-download.js';

/** 'dd/mm/yyyy' (a day as the table shows it) as the ISO day a workbook's date cell is made from. */
const isoDay = (shown: string) => `${shown.slice(6, 10)}-${shown.slice(3, 5)}-${shown.slice(0, 2)}`;

/** One column of the file: its header, each cell's text (the text file) and typed value (the workbook). */
interface PermitColumn {
  header: string;
  type?: InvoiceColumnType;
  text(p: Permit): string;
  value?(p: Permit): unknown;
}

/**
 * The list's columns, named and ordered as the table shows them (the Expire action is not exported),
 * then the visitor link, in the reader's language (decision 49).
 */
function permitColumns(t: Translate): PermitColumn[] {
  const notSeen = t('downloads.permits.notSeen');
  const typeText = (p: Permit) =>
    p.visitorLink
      ? t('downloads.permits.visitor', { link: p.visitorLink })
      : t(p.isTemp ? 'downloads.permits.temporary' : 'downloads.permits.permanent');
  return [
    { header: t('downloads.permits.site'), text: (p) => p.site_SiteGroupNumber },
    { header: t('downloads.permits.vehicleRegistration'), text: (p) => p.vehicleRegistration },
    { header: t('downloads.permits.driverName'), text: (p) => p.driverName },
    { header: t('downloads.permits.type'), text: typeText },
    { header: t('downloads.permits.startDate'), type: 'date', text: (p) => ukDate(p.started) },
    // A permit's days as the user entered them: it ends at 00:00 after its last day.
    { header: t('downloads.permits.endDate'), type: 'date', text: (p) => ukLastDayBefore(p.ended) },
    { header: t('downloads.permits.reference'), text: (p) => p.reference },
    {
      header: t('downloads.permits.lastSeen'),
      type: 'datetime',
      text: (p) => (p.lastSeenAt ? ukDateTime(p.lastSeenAt) : notSeen),
      value: (p) => p.lastSeenAt ?? notSeen,
    },
    // Downloads only (issue 27): the visitor link a visitor registered the permit through, empty for
    // any other, for a spreadsheet to filter on (the Type column names it too).
    { header: t('downloads.permits.visitorLink'), text: (p) => p.visitorLink ?? '' },
  ];
}

const cellValue = (column: PermitColumn, p: Permit): unknown =>
  column.value ? column.value(p) : column.type === 'date' ? isoDay(column.text(p)) : column.text(p);

export async function* permitCsvLines(
  batches: AsyncIterable<Permit[]>,
  t: Translate,
): AsyncGenerator<string> {
  const columns = permitColumns(t);
  yield csvLine(columns.map((c) => c.header));
  for await (const batch of batches) {
    // One piece of text per batch: a step of the stream per row would cost more than the rows.
    let text = '';
    for (const p of batch) text += csvLine(columns.map((c) => c.text(p)));
    yield text;
  }
}

/** The same rows as a workbook: start and end days as date cells, Last seen as a UK date and time. */
export function permitWorkbook(batches: AsyncIterable<Permit[]>, t: Translate): Readable {
  const columns = permitColumns(t);
  async function* rows() {
    for await (const batch of batches) yield batch.map((p) => columns.map((c) => cellValue(c, p)));
  }
  return xlsxStream(t('downloads.permits.sheet'), columns, rows());
}
