import { csvCellNeedsQuotes, toSafeCsvCell, ukFileStamp } from '@client-portal/contract';
import Papa from 'papaparse';
import { saveFile } from '../../lib/save-file';
import type { DataTableColumn } from './data-table-types';

export function isExportable<T>(column: DataTableColumn<T>): boolean {
  return Boolean(column.accessor) && column.exportable !== false;
}

/** The browser's exports are stamped in UK time, as the server's are. */
export function exportFileName(now: Date = new Date()): string {
  return `clientportal-export-${ukFileStamp(now)}.csv`;
}

/**
 * CSV of the exportable columns, every cell neutralised against spreadsheet formula injection (the
 * contract's rule, as the server's files) and quoted when it holds a `;`, tab or line break as well as
 * Papa's own reasons, so that no spreadsheet splits it into cells.
 */
export function buildCsv<T>(columns: readonly DataTableColumn<T>[], rows: readonly T[]): string {
  const exported = columns.filter(isExportable);
  return Papa.unparse(
    {
      fields: exported.map((column) => toSafeCsvCell(column.header)),
      data: rows.map((row) => exported.map((column) => toSafeCsvCell(column.accessor?.(row)))),
    },
    { quotes: (value: unknown) => typeof value === 'string' && csvCellNeedsQuotes(value) },
  );
}

export function downloadCsv(fileName: string, csv: string): void {
  // The byte-order mark makes Excel read the file as UTF-8 (pound signs, accents).
  saveFile(fileName, new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
}
