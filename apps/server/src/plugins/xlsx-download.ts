import { PassThrough, type Readable } from 'node:stream';
import { type InvoiceColumnType, type InvoiceRow, ukWallClock } from '@client-portal/contract';
import type { FastifyReply } from 'fastify';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A column of a downloaded workbook: the name the screen shows, and how its cells are typed. */
export interface SheetColumn {
  header: string;
  type?: InvoiceColumnType;
}

/** Number formats as the screens show values: UK dates and times, pounds with 2 decimals. */
const numberFormats: Partial<Record<InvoiceColumnType, string>> = {
  money: '£#,##0.00',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
};

/** Widths (in characters) that show a whole value of the type; text columns get room for their names. */
const typeWidths: Partial<Record<InvoiceColumnType, number>> = { money: 12, date: 12, datetime: 17 };

/**
 * A cell's value: real dates and numbers, so Excel sorts, filters and sums them. A `date` is a UK day
 * (YYYY-MM-DD, or an instant whose UK day it is taken as by the caller); a `datetime` is an instant,
 * written as its UK wall-clock time (a workbook's dates have no zone: the reader sees UK time).
 */
export function xlsxCell(
  value: InvoiceRow[string] | undefined,
  type: InvoiceColumnType | undefined,
): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'date' && typeof value === 'string') return new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (type === 'datetime' && typeof value === 'string') return ukWallClock(value) ?? value;
  return value;
}

/**
 * A one-sheet workbook through exceljs's streaming writer (decision 34): each row is committed (and
 * leaves memory) as it is written, and the bytes flow to the reader as they are made, so a download
 * holds one batch of rows whatever its size. The header row holds the screen's column names, is
 * frozen and carries filters; each column is wide enough to read. `batches` yield rows of raw values
 * in column order; `footer` (a totals line) is written after them when given.
 */
export function xlsxStream(
  sheetName: string,
  columns: readonly SheetColumn[],
  batches: AsyncIterable<readonly (readonly unknown[])[]>,
  footer?: () => Promise<readonly unknown[]>,
): Readable {
  const out = new PassThrough();
  (async () => {
    // Loaded at the first download, not at start-up: exceljs is most of the server's import time.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const sheet = workbook.addWorksheet(sheetName.replace(/[\\/*?:[\]]/g, ' ').slice(0, 31), {
      views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
    });
    sheet.columns = columns.map((c, index) => ({
      key: String(index),
      width: Math.max(c.header.length + 4, (c.type && typeWidths[c.type]) ?? 14),
      style: c.type && numberFormats[c.type] ? { numFmt: numberFormats[c.type] } : {},
    }));
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
    const header = sheet.addRow(columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
    for await (const batch of batches) {
      for (const row of batch) {
        sheet.addRow(columns.map((c, i) => xlsxCell(row[i] as InvoiceRow[string], c.type))).commit();
      }
    }
    if (footer) {
      const values = await footer();
      const totals = sheet.addRow(columns.map((c, i) => xlsxCell(values[i] as InvoiceRow[string], c.type)));
      totals.font = { bold: true };
      totals.commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** Streams a workbook download as exceljs writes it. */
export function sendXlsx(reply: FastifyReply, fileName: string, stream: Readable) {
  const safeName = fileName.replace(/[^\w.\- ]/g, '_');
  reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${safeName}"`)
    .header('cache-control', 'no-store');
  return reply.send(stream);
}
