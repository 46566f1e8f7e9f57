import Papa from 'papaparse';

/** The bulk upload's columns in template order (operations spec section 3). */
export const bulkColumns = [
  'Site',
  'Vehicle Registration',
  'Driver Name',
  'Temporary',
  'Start Date',
  'End Date',
] as const;
export type BulkColumn = (typeof bulkColumns)[number];

/** End Date may be left out: permanent permits compute theirs. */
const requiredBulkColumns: readonly BulkColumn[] = bulkColumns.filter((c) => c !== 'End Date');

/** One data row: its line as a spreadsheet numbers it (headers are line 1) and its cells by column. */
export interface CsvRecord {
  line: number;
  cells: Record<BulkColumn, string>;
}

type ParsedPermitCsv =
  | { ok: true; records: CsvRecord[] }
  | { ok: false; reason: 'unreadable' }
  | { ok: false; reason: 'missingColumns'; missing: BulkColumn[] };

const isBlankRow = (row: readonly string[]) => row.every((cell) => cell.trim() === '');

/**
 * Reads a bulk-upload CSV: the first non-empty line holds the headers (matched trimmed and in any
 * case, in any order; other columns are ignored). Quoted fields may hold commas, quotes and line
 * breaks; CRLF and a UTF-8 byte order mark are fine. Empty lines (also lines of bare commas, as
 * spreadsheets save them) are skipped but still counted, so each record's line is the row number the
 * user sees in their spreadsheet.
 */
export function parsePermitCsv(text: string): ParsedPermitCsv {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimiter: ',',
    skipEmptyLines: false,
  });
  if (parsed.errors.some((error) => error.type === 'Quotes')) return { ok: false, reason: 'unreadable' };

  const rows = parsed.data;
  const headerIndex = rows.findIndex((row) => !isBlankRow(row));
  const headerRow = rows[headerIndex];
  if (!headerRow) return { ok: false, reason: 'unreadable' };

  const positions = new Map<string, number>();
  headerRow.forEach((header, index) => {
    const name = header.trim().toLowerCase();
    if (!positions.has(name)) positions.set(name, index);
  });
  const positionOf = (column: BulkColumn) => positions.get(column.toLowerCase());
  const missing = requiredBulkColumns.filter((column) => positionOf(column) === undefined);
  if (missing.length > 0) return { ok: false, reason: 'missingColumns', missing };

  const records: CsvRecord[] = [];
  rows.forEach((row, index) => {
    if (index <= headerIndex || isBlankRow(row)) return;
    const cells = Object.fromEntries(
      bulkColumns.map((column) => {
        const position = positionOf(column);
        return [column, position === undefined ? '' : (row[position] ?? '')];
      }),
    ) as Record<BulkColumn, string>;
    records.push({ line: index + 1, cells });
  });
  return { ok: true, records };
}

/** The template users can download: the header row alone. */
export function bulkTemplateCsv(): string {
  return `${bulkColumns.join(',')}\r\n`;
}
