import {
  addIsoDays,
  type DayRange,
  type EnforcementStatistics,
  type ParkingStatistics,
  type PermitStatistics,
  permitReasons as permitReasonNames,
  type SiteComparison,
  type StatisticsCoverage,
  type StatisticsQuery,
  statisticsRange,
  ukToday,
} from '@client-portal/contract';
import type { Queries } from '../../db/kysely.js';
import { validationFailed } from '../../plugins/problem.js';
import { ruleFieldErrors } from '../../plugins/rule-messages.js';
import { type Principal, policy } from '../access/index.js';
import { findSiteOrGroupInReach } from '../sites/index.js';
import {
  allSiteNumbers,
  enforcementMonths,
  groupsWithin,
  monthlyAllowances,
  occupancyByWeekday,
  type PermitKind,
  parkingDays,
  permitDays,
  permitReasons,
  permitsActiveBefore,
  type StatisticsSites,
  siteTotals,
} from './statistics-repository.js';
import { statisticsRuleMessages } from './statistics-rule-messages.js';

export interface StatisticsScope {
  coverage: StatisticsCoverage;
  sites: StatisticsSites;
  range: DayRange;
}

/**
 * The checked scope of a statistics answer: the site or group in the caller's reach (else 404, as for
 * one that does not exist), or all their sites; the period's days by the period rules (else 400).
 * A site's permits are its own; a group's are its sites' and the group's; all sites' include every
 * group whose sites are all in reach.
 */
export async function statisticsScope(
  queries: Queries,
  principal: Principal,
  query: StatisticsQuery,
  today = ukToday(),
): Promise<StatisticsScope> {
  let kind: StatisticsCoverage['scope']['kind'] = 'all';
  let name = 'All your sites';
  let sites: StatisticsSites;
  if (query.site) {
    const found = await findSiteOrGroupInReach(queries, principal, query.site, 'There is no such site.');
    kind = found.kind;
    name = found.name;
    sites =
      found.kind === 'site'
        ? { siteNumbers: [query.site], permitTargets: [query.site] }
        : { siteNumbers: found.members, permitTargets: [...found.members, query.site] };
  } else {
    const reach = policy.sitesInReach(principal);
    const siteNumbers = reach === 'all' ? await allSiteNumbers(queries) : [...reach];
    const groups = await groupsWithin(queries, reach === 'all' ? 'all' : siteNumbers);
    sites = { siteNumbers, permitTargets: [...siteNumbers, ...groups] };
  }
  const period = statisticsRange(query, today);
  if (!period.ok) {
    throw validationFailed(ruleFieldErrors(period.issues, statisticsRuleMessages));
  }
  return {
    coverage: {
      scope: { kind, number: query.site ?? null, name, sites: sites.siteNumbers.length },
      from: period.range.from,
      to: period.range.to,
    },
    sites,
    range: period.range,
  };
}

/** Every day of the range in order. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addIsoDays(day, 1)) days.push(day);
  return days;
}

/** 1 = Monday … 7 = Sunday. */
const isoWeekday = (day: string): number => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const pounds = (pence: number): number => Math.round(pence) / 100;
const oneDecimal = (value: number): number => Math.round(value * 10) / 10;

export async function parkingStatistics(db: Queries, scope: StatisticsScope): Promise<ParkingStatistics> {
  const [rows, occupancy] = await Promise.all([
    parkingDays(db, scope.sites, scope.range),
    occupancyByWeekday(db, scope.sites, scope.range),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days = daysOf(scope.range);
  const total = { stays: 0, pence: 0, minutes: 0, card: 0, app: 0, cash: 0 };
  for (const r of rows) {
    total.stays += r.stays;
    total.pence += r.incomePence;
    total.minutes += r.minutes;
    total.card += r.card;
    total.app += r.app;
    total.cash += r.cash;
  }
  const weekdays = new Map<number, number>();
  for (const day of days) weekdays.set(isoWeekday(day), (weekdays.get(isoWeekday(day)) ?? 0) + 1);
  const sums = new Map(occupancy.map((o) => [o.dayOfWeek, o.hours]));
  return {
    ...scope.coverage,
    totals: {
      stays: total.stays,
      income: pounds(total.pence),
      averageStayMinutes: total.stays ? oneDecimal(total.minutes / total.stays) : 0,
    },
    days: days.map((day) => {
      const r = byDay.get(day);
      return {
        day,
        stays: r?.stays ?? 0,
        income: pounds(r?.incomePence ?? 0),
        averageStayMinutes: r?.stays ? oneDecimal(r.minutes / r.stays) : 0,
      };
    }),
    paymentMethods: [
      { method: 'card', stays: total.card },
      { method: 'app', stays: total.app },
      { method: 'cash', stays: total.cash },
    ],
    occupancy: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => {
      const count = weekdays.get(dayOfWeek) ?? 0;
      const hours = sums.get(dayOfWeek) ?? Array<number>(24).fill(0);
      return { dayOfWeek, hours: hours.map((h) => (count ? oneDecimal(h / count) : 0)) };
    }),
  };
}

/** The Monday of a day's week. */
const weekOf = (day: string): string => addIsoDays(day, 1 - isoWeekday(day));

export async function permitStatistics(db: Queries, scope: StatisticsScope): Promise<PermitStatistics> {
  const [before, rows, reasons] = await Promise.all([
    permitsActiveBefore(db, scope.sites, scope.range.from),
    permitDays(db, scope.sites, scope.range),
    permitReasons(db, scope.sites, scope.range),
  ]);
  const byDay = new Map<string, typeof rows>();
  for (const r of rows) byDay.set(r.day, [...(byDay.get(r.day) ?? []), r]);
  const active: PermitStatistics['active'] = [];
  const weeks = new Map<string, Record<PermitKind, number>>();
  const now = { ...before };
  for (const day of daysOf(scope.range)) {
    const week = weeks.get(weekOf(day)) ?? { temporary: 0, permanent: 0, visitor: 0 };
    for (const r of byDay.get(day) ?? []) {
      now[r.kind] += r.starting - r.ending;
      week[r.kind] += r.added;
    }
    weeks.set(weekOf(day), week);
    active.push({ day, ...now });
  }
  return {
    ...scope.coverage,
    active,
    addedPerWeek: [...weeks].map(([week, added]) => ({ week, ...added })),
    reasons: reasons.map((r) => ({
      reason: r.reason,
      name: permitReasonNames[r.reason as keyof typeof permitReasonNames] ?? 'None given',
      added: r.added,
    })),
  };
}

/** The calendar months ('YYYY-MM') the range touches. */
export function monthsOf(range: DayRange): string[] {
  const months: string[] = [];
  for (let month = range.from.slice(0, 7); month <= range.to.slice(0, 7); ) {
    months.push(month);
    const [y, m] = month.split('-').map(Number) as [number, number];
    month = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  }
  return months;
}

export async function enforcementStatistics(
  db: Queries,
  scope: StatisticsScope,
): Promise<EnforcementStatistics> {
  const [rows, allowances] = await Promise.all([
    enforcementMonths(db, scope.sites, scope.range),
    monthlyAllowances(db, scope.sites),
  ]);
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return {
    ...scope.coverage,
    months: monthsOf(scope.range).map((month) => ({
      month,
      issued: byMonth.get(month)?.issued ?? 0,
      cancellations: byMonth.get(month)?.cancellations ?? 0,
      reductions: byMonth.get(month)?.reductions ?? 0,
      cancellationAllowance: allowances.cancellations,
      reductionAllowance: allowances.reductions,
    })),
  };
}

/** Used as a percentage (one decimal) of a monthly allowance over `months`; null when unlimited. */
const use = (used: number, allowance: number | null, months: number): number | null =>
  allowance === null
    ? null
    : allowance === 0
      ? used === 0
        ? 0
        : 100
      : oneDecimal((100 * used) / (allowance * months));

export async function siteComparison(db: Queries, scope: StatisticsScope): Promise<SiteComparison> {
  const rows = await siteTotals(db, scope.sites, scope.range);
  const months = monthsOf(scope.range).length;
  return {
    ...scope.coverage,
    rows: rows.map((r) => ({
      site: r.site,
      name: r.name,
      stays: r.stays,
      income: pounds(r.incomePence),
      ticketsIssued: r.ticketsIssued,
      chargesPer1000Stays: r.stays ? oneDecimal((1000 * r.ticketsIssued) / r.stays) : null,
      cancellations: r.cancellations,
      cancellationUse: use(r.cancellations, r.cancellationAllowance, months),
      reductions: r.reductions,
      reductionUse: use(r.reductions, r.reductionAllowance, months),
    })),
  };
}
