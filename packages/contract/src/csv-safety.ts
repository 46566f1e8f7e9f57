/**
 * Spreadsheet apps run a cell that starts with = + - @ (or a tab / carriage return that hides one) as a
 * formula, and some (Excel with East Asian input) read the full-width ＝ ＋ － ＠ the same way. Exports
 * prefix such cells with a single quote so they open as text (OWASP "CSV injection"). Shared so browser
 * exports and server-generated CSV files neutralise cells the same way.
 */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);

/** One look at the first character: exports call this for every cell of 320,000-row files. */
export function neutraliseCsvCell(value: string): string {
  return value.length > 0 && FORMULA_TRIGGERS.has(value.charAt(0)) ? `'${value}` : value;
}

/** Turns any cell value into safe CSV text: null and undefined become empty, others are stringified. */
export function toSafeCsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return neutraliseCsvCell(String(value));
}
