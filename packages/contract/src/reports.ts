import { z } from 'zod';
import { type DownloadFormat, downloadFormats } from './downloads.js';
import { invoiceColumnSchema } from './invoicing.js';
import { scopeSiteSchema } from './statistics.js';
import { isoDaySchema } from './uk-days.js';

/**
 * Reports (issue 15): downloadable reports beyond invoicing, each defined as data like the invoice
 * definitions (key, name, description, typed columns) and served as CSV for Excel (UTF-16LE with a byte
 * order mark) or .xlsx, over the caller's sites.
 */
export const reportDefinitionSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  /** Whether the report covers a period (`from`, `to`); the user access report is as of now. */
  period: z.boolean(),
  columns: z.record(z.string(), invoiceColumnSchema),
});
export type ReportDefinition = z.infer<typeof reportDefinitionSchema>;

export const reportFormats = downloadFormats;
export type ReportFormat = DownloadFormat;

export const reportKeyParamsSchema = z.object({ key: z.string().max(64) });

/** GET /reports/{key}?site=&from=&to=&format=: `from` and `to` inclusive UK days (periodic reports). */
export const reportQuerySchema = z.object({
  site: scopeSiteSchema.optional(),
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
  format: z.enum(reportFormats).default('csv'),
});
export type ReportQuery = z.output<typeof reportQuerySchema>;

/** `{report name}-{site or all}[-{from}-{to}].{csv|xlsx}` */
export function reportFileName(
  name: string,
  site: string | undefined,
  range: { from: string; to: string } | undefined,
  format: ReportFormat,
): string {
  const period = range ? `-${range.from}-${range.to}` : '';
  return `${name}-${site ?? 'all'}${period}.${format}`.replace(/[\\/:*?"<>|]/g, '_');
}

/** Email subscriptions to a report: how often, and whether the mail carries the file or a link. */
export const subscriptionFrequencies = ['weekly', 'monthly'] as const;
export type SubscriptionFrequency = (typeof subscriptionFrequencies)[number];
export const subscriptionDeliveries = ['attached', 'linked'] as const;
export type SubscriptionDelivery = (typeof subscriptionDeliveries)[number];

/**
 * POST /reports/subscriptions: the report (`required`), its site or group (none for all the user's
 * sites; `pattern`) and how (`oneOf` each).
 */
export const reportSubscriptionCreateSchema = z.object({
  reportKey: z.string().min(1, 'required').max(64),
  site: reportQuerySchema.shape.site,
  format: z.enum(reportFormats, 'oneOf').default('csv'),
  frequency: z.enum(subscriptionFrequencies, 'oneOf'),
  delivery: z.enum(subscriptionDeliveries, 'oneOf'),
});
export type ReportSubscriptionCreate = z.output<typeof reportSubscriptionCreateSchema>;

export const reportSubscriptionSchema = z.object({
  id: z.number().int(),
  reportKey: z.string(),
  reportName: z.string(),
  site: z.string().nullable(),
  format: z.enum(reportFormats),
  frequency: z.enum(subscriptionFrequencies),
  delivery: z.enum(subscriptionDeliveries),
  createdAt: z.string(),
  /** The first UK day of the next mail's period and the day it is sent (the day after the period). */
  next: z.object({ from: z.string(), to: z.string(), sendDay: z.string() }),
});
export type ReportSubscription = z.infer<typeof reportSubscriptionSchema>;

export const reportSubscriptionIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** A user holds at most this many live subscriptions, so their list is one short page. */
export const REPORT_SUBSCRIPTIONS_MAX = 20;
/** GET /reports/subscriptions: the caller's live subscriptions, bounded by REPORT_SUBSCRIPTIONS_MAX. */
export const reportSubscriptionListSchema = z.array(reportSubscriptionSchema).max(REPORT_SUBSCRIPTIONS_MAX);
