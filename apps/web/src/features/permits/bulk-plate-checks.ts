import {
  ALL_SITES_VALUE,
  needsConfirmation,
  type PlateCheckRow,
  type PlateWarning,
} from '@client-portal/contract';
import type { BulkRow } from './bulk-rows';

/** Each previewed row's plate warnings, by CSV line. */
export type BulkPlateWarnings = ReadonlyMap<number, readonly PlateWarning[]>;

/** The rows worth a plate check: valid ones at one site or group (a row naming ALL has no one place). */
export function plateCheckRowsOf(rows: readonly BulkRow[]): PlateCheckRow[] {
  return rows.flatMap((row) =>
    row.payload && row.payload.site_SiteGroupNumber !== ALL_SITES_VALUE
      ? [
          {
            id: row.line,
            site_SiteGroupNumber: String(row.payload.site_SiteGroupNumber),
            vehicleRegistration: String(row.payload.vehicleRegistration),
          },
        ]
      : [],
  );
}

/** The row with the suggested plate in place of the typed one. */
export function withSuggestion(row: BulkRow, suggestion: string): BulkRow {
  return {
    ...row,
    vehicleRegistration: suggestion,
    payload: row.payload && { ...row.payload, vehicleRegistration: suggestion },
  };
}

/** Lines whose similar-plate warning is neither accepted nor kept: the upload waits for them. */
export function undecidedLines(warnings: BulkPlateWarnings, kept: ReadonlySet<number>): number[] {
  return [...warnings]
    .filter(([line, list]) => needsConfirmation(list) && !kept.has(line))
    .map(([line]) => line)
    .sort((a, b) => a - b);
}

/** The upload's rows: each kept row says its user confirmed the warning. */
export function uploadRowsOf(rows: readonly BulkRow[], kept: ReadonlySet<number>) {
  return rows.flatMap((row) =>
    row.payload ? [kept.has(row.line) ? { ...row.payload, confirmedWarnings: true } : row.payload] : [],
  );
}

/** Whether a previewed row needs the user's eye: it is refused, or its plate carries a warning. */
export function needsAttention(row: BulkRow, warnings: BulkPlateWarnings): boolean {
  return !row.payload || (warnings.get(row.line)?.length ?? 0) > 0;
}

/**
 * Lines the upload would store with a plate warning the user has not answered (neither the suggestion
 * taken nor the plate kept): the upload asks once to confirm them all.
 */
export function warnedLines(
  rows: readonly BulkRow[],
  warnings: BulkPlateWarnings,
  kept: ReadonlySet<number>,
): number[] {
  return rows
    .filter((row) => row.payload && (warnings.get(row.line)?.length ?? 0) > 0 && !kept.has(row.line))
    .map((row) => row.line)
    .sort((a, b) => a - b);
}

/** The warnings with one line's replaced by a fresh check of that line (none: the line has none). */
export function withLineWarnings(
  warnings: BulkPlateWarnings,
  line: number,
  fresh: readonly PlateWarning[],
): BulkPlateWarnings {
  const next = new Map(warnings);
  if (fresh.length > 0) next.set(line, fresh);
  else next.delete(line);
  return next;
}
