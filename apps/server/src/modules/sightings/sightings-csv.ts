import { sightingCsvColumns } from '@client-portal/contract';
import Papa from 'papaparse';

/**
 * The rows of a sightings CSV (the columns of sightingCsvColumns, in that order; a first line whose
 * first cell is "siteNumber" is a header). Parsed as CSV, not split on commas: a quoted cell may hold a
 * comma or a doubled quote. Cells are trimmed; CRLF, LF and a byte order mark are fine; blank lines
 * are skipped; an empty exitedAt reads as not known. Numbers stay text when they are not numbers, so
 * the row check reports them (as it reports the rest of a file an unclosed quote swallowed).
 */
export function parseSightingCsv(text: string): Record<string, unknown>[] {
  // Line ends are made one kind first: Papa takes the first line's for the whole file.
  const { data } = Papa.parse<string[]>(text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'), {
    delimiter: ',',
    newline: '\n',
    skipEmptyLines: 'greedy',
  });
  const rows = data[0]?.[0]?.trim().toLowerCase() === 'sitenumber' ? data.slice(1) : data;
  return rows.map((cells) => {
    const row: Record<string, unknown> = Object.fromEntries(
      sightingCsvColumns.map((column, i) => [column, cells[i]?.trim()]),
    );
    if (row.exitedAt === '') row.exitedAt = null;
    const confidence = row.readConfidence === '' ? undefined : Number(row.readConfidence);
    if (confidence === undefined || !Number.isNaN(confidence)) row.readConfidence = confidence;
    return row;
  });
}
