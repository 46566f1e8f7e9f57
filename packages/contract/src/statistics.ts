import { z } from 'zod';
import type { RuleCode, RuleIssue, RuleParams } from './rules.js';
import { addIsoDays, addIsoMonths, isoDaySchema } from './uk-days.js';

/**
 * Statistics (issue 15): figures for a site, a site group or all the caller's sites over a period of
 * UK days, read from the daily aggregates (decision 12). Every answer names the period it covers.
 */
export const statisticsPeriods = ['this-month', 'last-month', 'last-12-months', 'custom'] as const;
export type StatisticsPeriod = (typeof statisticsPeriods)[number];

/** The longest custom range: 13 months, so a year can be compared with the same month a year before. */
const STATISTICS_MAX_MONTHS = 13;

/** A site or group number a statistics or report query is narrowed to, upper-cased: `pattern`. */
export const scopeSiteSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[SG0-9-]{1,10}$/, 'pattern');

/** The query string every statistics answer takes; `site` is a site or group number, none for all. */
export const statisticsQuerySchema = z.object({
  site: scopeSiteSchema.optional(),
  period: z.enum(statisticsPeriods).default('last-month'),
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
});
export type StatisticsQuery = z.output<typeof statisticsQuerySchema>;

/**
 * The statistics page's address (decision 28): the query every statistics answer takes, read through
 * the schema the server reads it with, and the page's own `table`, the charts shown as tables
 * (`table=stays,active`). The browser reads it field by field: a bad value is that field's default.
 */
export const statisticsViewSchema = statisticsQuerySchema.extend({
  table: z
    .string()
    .max(400)
    .optional()
    .transform((v) => (v ?? '').split(',').filter(Boolean)),
});
export type StatisticsViewQuery = z.output<typeof statisticsViewSchema>;

/** Inclusive UK days. */
export interface DayRange {
  from: string;
  to: string;
}

type PeriodResult = { ok: true; range: DayRange } | { ok: false; issues: RuleIssue[] };

/**
 * The days a period covers on `today` (a UK day): this month so far, last calendar month, the 12 months
 * ending today, or a custom range (both ends given, from <= to <= today, at most 13 months). A custom
 * range's refusal says one rule a field: `from` `required` or `tooLate` {max: today}; `to`
 * `required`, `tooLate` {max: today}, `tooEarly` {min: from} or `rangeTooLong` {months: 13}.
 */
export function statisticsRange(
  query: Pick<StatisticsQuery, 'period' | 'from' | 'to'>,
  today: string,
): PeriodResult {
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  switch (query.period) {
    case 'this-month':
      return { ok: true, range: { from: firstOfMonth, to: today } };
    case 'last-month':
      return { ok: true, range: { from: addIsoMonths(firstOfMonth, -1), to: addIsoDays(firstOfMonth, -1) } };
    case 'last-12-months':
      return { ok: true, range: { from: addIsoDays(addIsoMonths(today, -12), 1), to: today } };
    case 'custom': {
      const issues = customPeriodIssues(query.from, query.to, today);
      if (issues.length > 0 || !query.from || !query.to) return { ok: false, issues };
      return { ok: true, range: { from: query.from, to: query.to } };
    }
  }
}

/**
 * A chosen period of UK days (statistics' custom period, a report's days) on `today`: one rule a field,
 * as statisticsRange says. The report page checks its days with it before asking.
 */
export function customPeriodIssues(
  from: string | undefined,
  to: string | undefined,
  today: string,
): RuleIssue[] {
  const issue = (field: 'from' | 'to', code: RuleCode, params: RuleParams = {}): RuleIssue => ({
    field,
    code,
    params,
  });
  const fromIssue = !from
    ? issue('from', 'required')
    : from > today
      ? issue('from', 'tooLate', { max: today })
      : null;
  let toIssue: RuleIssue | null = null;
  if (!to) toIssue = issue('to', 'required');
  else if (to > today) toIssue = issue('to', 'tooLate', { max: today });
  else if (from && to < from) toIssue = issue('to', 'tooEarly', { min: from });
  else if (from && to >= addIsoMonths(from, STATISTICS_MAX_MONTHS)) {
    toIssue = issue('to', 'rangeTooLong', { months: STATISTICS_MAX_MONTHS });
  }
  return [fromIssue, toIssue].filter((found): found is RuleIssue => found !== null);
}

const money = z.number();

/** What an answer covers: the scope by name and the inclusive days. */
const statisticsCoverageSchema = z.object({
  scope: z.object({
    kind: z.enum(['site', 'group', 'all']),
    number: z.string().nullable(),
    name: z.string(),
    sites: z.number().int(),
  }),
  from: z.string(),
  to: z.string(),
});
export type StatisticsCoverage = z.infer<typeof statisticsCoverageSchema>;

const paymentMethods = ['card', 'app', 'cash'] as const;

export const parkingStatisticsSchema = statisticsCoverageSchema.extend({
  totals: z.object({ stays: z.number().int(), income: money, averageStayMinutes: z.number() }),
  /** Every day of the period, days without stays included. Money in pounds. */
  days: z.array(
    z.object({ day: z.string(), stays: z.number().int(), income: money, averageStayMinutes: z.number() }),
  ),
  paymentMethods: z.array(z.object({ method: z.enum(paymentMethods), stays: z.number().int() })),
  /**
   * Average vehicles present in each UK hour (0-23) on each day of the week (1 = Monday … 7 = Sunday)
   * over the period, to one decimal.
   */
  occupancy: z.array(z.object({ dayOfWeek: z.number().int(), hours: z.array(z.number()).length(24) })),
});
export type ParkingStatistics = z.infer<typeof parkingStatisticsSchema>;

export const permitStatisticsSchema = statisticsCoverageSchema.extend({
  /**
   * Permits valid on each day of the period, by kind: temporary, permanent, and visitor (added through
   * a visitor link, decision 47; temporary permits, counted here and not as temporary).
   */
  active: z.array(
    z.object({
      day: z.string(),
      temporary: z.number().int(),
      permanent: z.number().int(),
      visitor: z.number().int(),
    }),
  ),
  /** Permits added in each week (its Monday) that overlaps the period, by kind. */
  addedPerWeek: z.array(
    z.object({
      week: z.string(),
      temporary: z.number().int(),
      permanent: z.number().int(),
      visitor: z.number().int(),
    }),
  ),
  /** Permits added in the period by reason (code 0: none given). */
  reasons: z.array(z.object({ reason: z.number().int(), name: z.string(), added: z.number().int() })),
});
export type PermitStatistics = z.infer<typeof permitStatisticsSchema>;

export const enforcementStatisticsSchema = statisticsCoverageSchema.extend({
  /** Each calendar month the period touches (only its days within the period counted). */
  months: z.array(
    z.object({
      month: z.string(),
      issued: z.number().int(),
      cancellations: z.number().int(),
      reductions: z.number().int(),
      /** The sites' monthly allowances added up; null when any site has no limit. */
      cancellationAllowance: z.number().int().nullable(),
      reductionAllowance: z.number().int().nullable(),
    }),
  ),
});
export type EnforcementStatistics = z.infer<typeof enforcementStatisticsSchema>;

const siteComparisonRowSchema = z.object({
  site: z.string(),
  name: z.string(),
  stays: z.number().int(),
  income: money,
  ticketsIssued: z.number().int(),
  /** Charges issued per 1,000 stays, to one decimal; null without stays. */
  chargesPer1000Stays: z.number().nullable(),
  cancellations: z.number().int(),
  /** Cancellations as a percentage of the allowance over the period's months; null when unlimited. */
  cancellationUse: z.number().nullable(),
  reductions: z.number().int(),
  reductionUse: z.number().nullable(),
});

export const siteComparisonSchema = statisticsCoverageSchema.extend({
  rows: z.array(siteComparisonRowSchema),
});
export type SiteComparison = z.infer<typeof siteComparisonSchema>;
