/**
 * Spreadsheet apps run a cell that starts with = + - @ (or a tab / carriage return that hides one) as a
 * formula, and some (Excel with East Asian input) read the full-width ＝ ＋ － ＠ the same way. And one
 * CSV cell may become several: Excel splits on `;` where that is the list separator, on tabs when it
 * opens UTF-16 text, and on line breaks in tools that ignore quotes; so a formula after one of those
 * (`x;=1+1`, `x\t@SUM(1)`) starts a cell of its own. Exports prefix the text and every such piece with
 * a single quote so they open as text (OWASP "CSV injection"), and quote cells holding a splitter
 * (csvCellNeedsQuotes). Shared so browser exports and server-generated CSV files do the same.
 */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);
/** Characters at which a spreadsheet may start a new cell inside one CSV cell. */
const CELL_SPLITTERS = /[;\t\r\n]/;
/** A splitter followed by a trigger: the quote goes between them. */
const TRIGGER_AFTER_SPLITTER = /([;\t\r\n])(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g;

/**
 * The one rule for every CSV cell the portal writes. One look at the first character and one scan for
 * a splitter: exports call this for every cell of 320,000-row files.
 */
export function neutraliseCsvCell(value: string): string {
  const text = value.length > 0 && FORMULA_TRIGGERS.has(value.charAt(0)) ? `'${value}` : value;
  return CELL_SPLITTERS.test(text) ? text.replace(TRIGGER_AFTER_SPLITTER, "$1'") : text;
}

const NEEDS_QUOTES = /[",;\t\r\n]/;

/** Does a written cell need double quotes: a comma, a quote, or a splitter (`;`, tab, line break)? */
export function csvCellNeedsQuotes(text: string): boolean {
  return NEEDS_QUOTES.test(text);
}

/** Turns any cell value into safe CSV text: null and undefined become empty, others are stringified. */
export function toSafeCsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return neutraliseCsvCell(String(value));
}
