import type { DayRange } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type RowOf, selectRows } from '../../db/rows.js';
import { type siteGroups, type sites, statsHourColumns, type statsPermitDays } from '../../db/schema.js';
import { inList } from '../../db/sql-lists.js';

/** The sites a statistics answer adds up, and the permit targets (those sites and their groups). */
export interface StatisticsSites {
  siteNumbers: string[];
  permitTargets: string[];
}

const n = (value: unknown): number => Number(value ?? 0);

type StoredSite = RowOf<typeof sites>;
type StoredPermitDay = RowOf<typeof statsPermitDays>;

export interface ParkingDayRow {
  day: string;
  stays: number;
  incomePence: number;
  minutes: number;
  card: number;
  app: number;
  cash: number;
}

/** Each day's parking figures over the sites (days without a row are absent). */
export async function parkingDays(db: Db, sites: StatisticsSites, range: DayRange): Promise<ParkingDayRow[]> {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(stays) as stays, sum(income_pence) as income,
               sum(duration_minutes) as minutes, sum(card_stays) as card, sum(app_stays) as app,
               sum(cash_stays) as cash
        from stats_site_days
        where site_number in ${inList(sites.siteNumbers)} and day between ${range.from} and ${range.to}
        group by day order by day`,
  );
  return rows.map((r) => ({
    day: String(r.day),
    stays: n(r.stays),
    incomePence: n(r.income),
    minutes: n(r.minutes),
    card: n(r.card),
    app: n(r.app),
    cash: n(r.cash),
  }));
}

/** Vehicles present in each UK hour, added up per day of the week (1 = Monday). */
export async function occupancyByWeekday(
  db: Db,
  sites: StatisticsSites,
  range: DayRange,
): Promise<{ dayOfWeek: number; hours: number[] }[]> {
  const sums = sql.raw(statsHourColumns.map((h) => `sum(${h}) as ${h}`).join(', '));
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`select extract(isodow from day)::int as dow, ${sums}
        from stats_site_days
        where site_number in ${inList(sites.siteNumbers)} and day between ${range.from} and ${range.to}
        group by 1`,
  );
  return rows.map((r) => ({ dayOfWeek: n(r.dow), hours: statsHourColumns.map((h) => n(r[h])) }));
}

export interface PermitDayRow {
  day: string;
  isTemp: boolean;
  added: number;
  starting: number;
  ending: number;
}

/** Permits valid on the day before the period, by kind: every start up to then less every end. */
export async function permitsActiveBefore(
  db: Db,
  sites: StatisticsSites,
  day: string,
): Promise<{ temporary: number; permanent: number }> {
  const rows = await selectRows<Pick<StoredPermitDay, 'is_temp'> & { active: string }>(
    db,
    sql`select is_temp, sum(starting) - sum(ending) as active from stats_permit_days
        where target in ${inList(sites.permitTargets)} and day < ${day} group by is_temp`,
  );
  return {
    temporary: n(rows.find((r) => r.is_temp)?.active),
    permanent: n(rows.find((r) => !r.is_temp)?.active),
  };
}

/** Permits added, starting and ending on each day of the period, by kind. */
export async function permitDays(db: Db, sites: StatisticsSites, range: DayRange): Promise<PermitDayRow[]> {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, is_temp, sum(added) as added, sum(starting) as starting,
               sum(ending) as ending
        from stats_permit_days
        where target in ${inList(sites.permitTargets)} and day between ${range.from} and ${range.to}
        group by day, is_temp order by day`,
  );
  return rows.map((r) => ({
    day: String(r.day),
    isTemp: Boolean(r.is_temp),
    added: n(r.added),
    starting: n(r.starting),
    ending: n(r.ending),
  }));
}

/** Permits added in the period by reason code (0: none given). */
export async function permitReasons(
  db: Db,
  sites: StatisticsSites,
  range: DayRange,
): Promise<{ reason: number; added: number }[]> {
  const rows = await selectRows<Pick<StoredPermitDay, 'reason'> & { added: string }>(
    db,
    sql`select reason, sum(added) as added from stats_permit_days
        where target in ${inList(sites.permitTargets)} and day between ${range.from} and ${range.to}
        group by reason having sum(added) > 0 order by reason`,
  );
  return rows.map((r) => ({ reason: n(r.reason), added: n(r.added) }));
}

/** Charges issued, cancellations and reductions per calendar month within the period. */
export async function enforcementMonths(
  db: Db,
  sites: StatisticsSites,
  range: DayRange,
): Promise<{ month: string; issued: number; cancellations: number; reductions: number }[]> {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`select to_char(day, 'YYYY-MM') as month, sum(tickets_issued) as issued,
               sum(cancellations) as cancellations, sum(reductions) as reductions
        from stats_site_days
        where site_number in ${inList(sites.siteNumbers)} and day between ${range.from} and ${range.to}
        group by 1 order by 1`,
  );
  return rows.map((r) => ({
    month: String(r.month),
    issued: n(r.issued),
    cancellations: n(r.cancellations),
    reductions: n(r.reductions),
  }));
}

/** The sites' monthly allowances added up; null when any of them has no limit. */
export async function monthlyAllowances(
  db: Db,
  sites: StatisticsSites,
): Promise<{ cancellations: number | null; reductions: number | null }> {
  const [row] = await selectRows<Record<string, unknown>>(
    db,
    sql`select bool_or(cancellation_allowance is null) as c_unlimited, sum(cancellation_allowance) as c,
               bool_or(reduction_allowance is null) as r_unlimited, sum(reduction_allowance) as r
        from sites where site_number in ${inList(sites.siteNumbers)}`,
  );
  return {
    cancellations: row?.c_unlimited === false ? n(row.c) : null,
    reductions: row?.r_unlimited === false ? n(row.r) : null,
  };
}

export interface SiteTotalsRow {
  site: string;
  name: string;
  stays: number;
  incomePence: number;
  ticketsIssued: number;
  cancellations: number;
  reductions: number;
  cancellationAllowance: number | null;
  reductionAllowance: number | null;
}

/** Site columns typed from schema.ts; the sums (bigint, as text or number) are computed. */
type SiteTotalsSelect = Pick<StoredSite, 'name' | 'cancellation_allowance' | 'reduction_allowance'> & {
  site: StoredSite['site_number'];
} & Record<'stays' | 'income' | 'issued' | 'cancellations' | 'reductions', number | string>;

/** Every site's totals over the period, sites without figures included, by site number. */
export async function siteTotals(db: Db, sites: StatisticsSites, range: DayRange): Promise<SiteTotalsRow[]> {
  const rows = await selectRows<SiteTotalsSelect>(
    db,
    sql`select s.site_number as site, s.name, s.cancellation_allowance, s.reduction_allowance,
               coalesce(d.stays, 0) as stays, coalesce(d.income, 0) as income, coalesce(d.issued, 0) as issued,
               coalesce(d.cancellations, 0) as cancellations, coalesce(d.reductions, 0) as reductions
        from sites s
        left join (
          select site_number, sum(stays) as stays, sum(income_pence) as income, sum(tickets_issued) as issued,
                 sum(cancellations) as cancellations, sum(reductions) as reductions
          from stats_site_days
          where site_number in ${inList(sites.siteNumbers)} and day between ${range.from} and ${range.to}
          group by site_number
        ) d on d.site_number = s.site_number
        where s.site_number in ${inList(sites.siteNumbers)}
        order by s.site_number`,
  );
  return rows.map((r) => ({
    site: r.site,
    name: r.name,
    stays: n(r.stays),
    incomePence: n(r.income),
    ticketsIssued: n(r.issued),
    cancellations: n(r.cancellations),
    reductions: n(r.reductions),
    cancellationAllowance: r.cancellation_allowance === null ? null : n(r.cancellation_allowance),
    reductionAllowance: r.reduction_allowance === null ? null : n(r.reduction_allowance),
  }));
}

/** The groups containing any of the sites whose every member is among them (their group permits count). */
export async function groupsWithin(db: Db, siteNumbers: string[] | 'all'): Promise<string[]> {
  const rows = await selectRows<{ g: RowOf<typeof siteGroups>['group_number'] }>(
    db,
    siteNumbers === 'all'
      ? sql`select group_number as g from site_groups order by 1`
      : sql`select group_number as g from site_group_members group by group_number
            having bool_and(site_number in ${inList(siteNumbers)}) order by 1`,
  );
  return rows.map((r) => r.g);
}

export async function allSiteNumbers(db: Db): Promise<string[]> {
  const rows = await selectRows<{ n: StoredSite['site_number'] }>(
    db,
    sql`select site_number as n from sites order by 1`,
  );
  return rows.map((r) => r.n);
}
