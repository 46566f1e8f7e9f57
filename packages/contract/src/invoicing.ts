import { z } from 'zod';
import { type DownloadFormat, downloadFormatField } from './downloads.js';
import { pageSchema, pagingFields } from './paging.js';
import { ruleIssue } from './rules.js';
import { addIsoMonths, isIsoDay, isoDaySchema } from './uk-days.js';

/**
 * Invoicing: invoice definitions are data (key, name, description, typed columns, default sort) and an
 * invoice is a list of rows keyed by column id.
 *
 * Wire range: GET /invoice/{key}/{site}?from=YYYY-MM-DD&to=YYYY-MM-DD where `from` is inclusive and `to`
 * is EXCLUSIVE. The wizard asks for an inclusive end date and adds one day before sending, so a
 * one-month invoice is sent as to = from + 1 month + 1 day at most, and `to` may be tomorrow at most.
 */

/** Columns without a type hold plain text or numbers. Money is pounds as a number with 2 decimals. */
const invoiceColumnTypeSchema = z.enum(['date', 'datetime', 'money']);
export type InvoiceColumnType = z.infer<typeof invoiceColumnTypeSchema>;

export const invoiceColumnSchema = z.object({
  text: z.string(),
  type: invoiceColumnTypeSchema.optional(),
});

export const invoiceDefinitionSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  /** Column id → heading and type, in display order. */
  columns: z.record(z.string(), invoiceColumnSchema),
  defaultSort: z.object({ column: z.string(), direction: z.enum(['asc', 'desc']) }),
});
export type InvoiceDefinition = z.infer<typeof invoiceDefinitionSchema>;

/** Dates are ISO: 'YYYY-MM-DD' for date columns, a full ISO instant for datetime columns. */
const invoiceCellSchema = z.union([z.string(), z.number(), z.null()]);
const invoiceRowSchema = z.record(z.string(), invoiceCellSchema);
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

/** The wire range: two days (`pattern`, `invalidDate`); invoiceRangeSchema holds the rest. */
export const invoiceQuerySchema = z.object({
  from: isoDaySchema,
  /** Exclusive end: the day after the last day of the invoice. */
  to: isoDaySchema,
});

export const invoiceKeyParamsSchema = z.object({ key: z.string().max(64) });
export const invoiceDataParamsSchema = z.object({ key: z.string().max(64), site: z.string().max(10) });

/** GET /invoice/{key}/{site}: the range plus paging; `sort` is one of the definition's column ids. */
export const invoicePageQuerySchema = invoiceQuerySchema.extend({
  sort: z.string().max(64).optional(),
  ...pagingFields,
});
export type InvoicePageQuery = z.output<typeof invoicePageQuerySchema>;

/** GET /invoice/{key}/{site}/_export: the page's range and sort (paging is ignored), and the file's format. */
export const invoiceExportQuerySchema = invoicePageQuerySchema.extend({ format: downloadFormatField });
export type InvoiceExportQuery = z.output<typeof invoiceExportQuerySchema>;

/**
 * The invoice results' address (decision 28): which invoice (the data route's `key` and `site`) and the
 * query GET /invoice/{key}/{site} parses (the wire range, sort and paging), field for field. The wizard
 * reopens at the results from it; any field may be missing (then the wizard starts at its first stage).
 */
export const invoiceResultsQuerySchema = invoiceDataParamsSchema
  .extend(invoicePageQuerySchema.shape)
  .partial({ key: true, site: true, from: true, to: true });
export type InvoiceResultsQuery = z.output<typeof invoiceResultsQuerySchema>;

/** Totals over every row of the invoice, computed by the server: the row count and per column. */
const invoiceTotalsSchema = z.object({
  rows: z.number().int(),
  /** Column id → total (money in pounds with 2 decimals), for the columns that add up. */
  columns: z.record(z.string(), z.number()),
});

export const invoicePageSchema = pageSchema(invoiceRowSchema).extend({ totals: invoiceTotalsSchema });
export type InvoicePage = z.infer<typeof invoicePageSchema>;

/** The latest end day an invoice starting on `start` may have: one month after it, capped at today. */
export function invoiceMaxEnd(start: string, today: string): string {
  const monthLater = addIsoMonths(start, 1);
  return monthLater < today ? monthLater : today;
}

/**
 * The invoice's days as the wizard asks for them, both INCLUSIVE (operations spec, 'Invoice'), checked
 * on `today` (a UK day). `start`: `required`, `pattern`/`invalidDate`, `tooLate` {max: today}. `end`:
 * `required`, `pattern`/`invalidDate`, `tooEarly` {min: start}, `rangeTooLong` {months: 1, max} when
 * more than one month after the start, `tooLate` {max: today} when after today. The wizard's form and
 * the server's check of the wire range (whose `to` is the end plus one day) both use it.
 */
export function invoiceRangeSchema(today: string) {
  const day = z.string().min(1, 'required').pipe(isoDaySchema);
  return z.object({ start: day, end: day }).superRefine(({ start, end }, ctx) => {
    if (!isIsoDay(start)) return;
    if (start > today) ctx.addIssue(ruleIssue(['start'], 'tooLate', { max: today }));
    if (!isIsoDay(end)) return;
    if (end < start) ctx.addIssue(ruleIssue(['end'], 'tooEarly', { min: start }));
    else if (end > addIsoMonths(start, 1)) {
      ctx.addIssue(ruleIssue(['end'], 'rangeTooLong', { months: 1, max: invoiceMaxEnd(start, today) }));
    }
    if (end > today) ctx.addIssue(ruleIssue(['end'], 'tooLate', { max: today }));
  });
}

/** `{site}-{invoice name}-{from}-{to}.csv`, with the inclusive dates the user chose. */
export function invoiceFileName(
  site: string,
  name: string,
  from: string,
  to: string,
  format: DownloadFormat = 'csv',
): string {
  return `${site}-${name}-${from}-${to}.${format}`.replace(/[\\/:*?"<>|]/g, '_');
}
