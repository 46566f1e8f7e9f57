import type { DayRange } from '@client-portal/contract';
import { type Expression, type ExpressionBuilder, sql } from 'kysely';
import type { DB, StatsSiteDays } from '../../db/database-types.js';
import type { Queries } from '../../db/kysely.js';
import { enforcedReductionAllowance } from '../sites/index.js';

/** The sites a statistics answer adds up, and the permit targets (those sites and their groups). */
export interface StatisticsSites {
  siteNumbers: string[];
  permitTargets: string[];
}

/** A sum or count as either driver returns it (int8 and numeric: number on PGlite, text on pg); null for none. */
const n = (value: number | string | bigint | null | undefined): number => Number(value ?? 0);

/** The hour columns of stats_site_days, checked against the generated DB interface. */
// biome-ignore format: two rows of twelve hours read better than twenty-four lines
const hourColumns = [
  'h00', 'h01', 'h02', 'h03', 'h04', 'h05', 'h06', 'h07', 'h08', 'h09', 'h10', 'h11',
  'h12', 'h13', 'h14', 'h15', 'h16', 'h17', 'h18', 'h19', 'h20', 'h21', 'h22', 'h23',
] as const satisfies readonly (keyof StatsSiteDays)[];

type SiteDays = ExpressionBuilder<DB, 'stats_site_days'>;
type PermitDays = ExpressionBuilder<DB, 'stats_permit_days'>;

/** The sites' days within the period (`= any` of one array parameter: one statement text for any count of sites). */
const siteDaysWithin = (eb: SiteDays, sites: StatisticsSites, range: DayRange) =>
  eb.and([
    eb('site_number', '=', eb.fn.any(eb.val(sites.siteNumbers))),
    eb.between('day', range.from, range.to),
  ]);

const permitDaysWithin = (eb: PermitDays, sites: StatisticsSites, range: DayRange) =>
  eb.and([
    eb('target', '=', eb.fn.any(eb.val(sites.permitTargets))),
    eb.between('day', range.from, range.to),
  ]);

/** A day as `YYYY-MM-DD` (or a month as `YYYY-MM`), whichever driver reads it. */
const dayText = (day: Expression<Date | string>, format: 'YYYY-MM-DD' | 'YYYY-MM') =>
  sql<string>`to_char(${day}, ${sql.lit(format)})`;

/** The statements of this repository, built but not run: what statistics-repository.sql shows. */
export const statisticsQueries = {
  parkingDays: (db: Queries, sites: StatisticsSites, range: DayRange) =>
    db
      .selectFrom('stats_site_days')
      .select((eb) => [
        dayText(eb.ref('day'), 'YYYY-MM-DD').as('day'),
        eb.fn.sum('stays').as('stays'),
        eb.fn.sum('income_pence').as('income'),
        eb.fn.sum('duration_minutes').as('minutes'),
        eb.fn.sum('card_stays').as('card'),
        eb.fn.sum('app_stays').as('app'),
        eb.fn.sum('cash_stays').as('cash'),
      ])
      .where((eb) => siteDaysWithin(eb, sites, range))
      .groupBy('day')
      .orderBy('day'),

  occupancyByWeekday: (db: Queries, sites: StatisticsSites, range: DayRange) =>
    db
      .selectFrom('stats_site_days')
      .select((eb) => [
        sql<number>`extract(isodow from ${eb.ref('day')})::int`.as('dow'),
        ...hourColumns.map((h) => eb.fn.sum(h).as(h)),
      ])
      .where((eb) => siteDaysWithin(eb, sites, range))
      .groupBy(sql.lit(1)),

  permitsActiveBefore: (db: Queries, sites: StatisticsSites, day: string) =>
    db
      .selectFrom('stats_permit_days')
      .select((eb) => [
        'is_temp',
        'visitor',
        eb(eb.fn.sum('starting'), '-', eb.fn.sum('ending')).as('active'),
      ])
      .where((eb) => eb('target', '=', eb.fn.any(eb.val(sites.permitTargets))))
      .where('day', '<', day)
      .groupBy(['is_temp', 'visitor']),

  permitDays: (db: Queries, sites: StatisticsSites, range: DayRange) =>
    db
      .selectFrom('stats_permit_days')
      .select((eb) => [
        dayText(eb.ref('day'), 'YYYY-MM-DD').as('day'),
        'is_temp',
        'visitor',
        eb.fn.sum('added').as('added'),
        eb.fn.sum('starting').as('starting'),
        eb.fn.sum('ending').as('ending'),
      ])
      .where((eb) => permitDaysWithin(eb, sites, range))
      .groupBy(['day', 'is_temp', 'visitor'])
      .orderBy('day'),

  permitReasons: (db: Queries, sites: StatisticsSites, range: DayRange) =>
    db
      .selectFrom('stats_permit_days')
      .select((eb) => ['reason', eb.fn.sum('added').as('added')])
      .where((eb) => permitDaysWithin(eb, sites, range))
      .groupBy('reason')
      .having((eb) => eb(eb.fn.sum('added'), '>', eb.lit(0)))
      .orderBy('reason'),

  enforcementMonths: (db: Queries, sites: StatisticsSites, range: DayRange) =>
    db
      .selectFrom('stats_site_days')
      .select((eb) => [
        dayText(eb.ref('day'), 'YYYY-MM').as('month'),
        eb.fn.sum('tickets_issued').as('issued'),
        eb.fn.sum('cancellations').as('cancellations'),
        eb.fn.sum('reductions').as('reductions'),
      ])
      .where((eb) => siteDaysWithin(eb, sites, range))
      .groupBy(sql.lit(1))
      .orderBy(sql.lit(1)),

  monthlyAllowances: (db: Queries, sites: StatisticsSites) =>
    db
      .selectFrom('sites')
      .select((eb) => [
        eb.fn.agg<boolean | null>('bool_or', [eb('cancellation_allowance', 'is', null)]).as('c_unlimited'),
        eb.fn.sum('cancellation_allowance').as('c'),
        sql<boolean | null>`bool_or(${enforcedReductionAllowance('sites')} is null)`.as('r_unlimited'),
        sql<string | number | null>`sum(${enforcedReductionAllowance('sites')})`.as('r'),
      ])
      .where((eb) => eb('site_number', '=', eb.fn.any(eb.val(sites.siteNumbers)))),

  siteTotals: (db: Queries, sites: StatisticsSites, range: DayRange) =>
    db
      .selectFrom('sites as s')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('stats_site_days')
            .select((eb) => [
              'site_number',
              eb.fn.sum('stays').as('stays'),
              eb.fn.sum('income_pence').as('income'),
              eb.fn.sum('tickets_issued').as('issued'),
              eb.fn.sum('cancellations').as('cancellations'),
              eb.fn.sum('reductions').as('reductions'),
            ])
            .where((eb) => siteDaysWithin(eb, sites, range))
            .groupBy('site_number')
            .as('d'),
        (join) => join.onRef('d.site_number', '=', 's.site_number'),
      )
      .select((eb) => [
        's.site_number as site',
        's.name',
        's.cancellation_allowance',
        enforcedReductionAllowance('s').as('reduction_allowance'),
        eb.fn.coalesce('d.stays', eb.lit(0)).as('stays'),
        eb.fn.coalesce('d.income', eb.lit(0)).as('income'),
        eb.fn.coalesce('d.issued', eb.lit(0)).as('issued'),
        eb.fn.coalesce('d.cancellations', eb.lit(0)).as('cancellations'),
        eb.fn.coalesce('d.reductions', eb.lit(0)).as('reductions'),
      ])
      .where((eb) => eb('s.site_number', '=', eb.fn.any(eb.val(sites.siteNumbers))))
      .orderBy('s.site_number'),

  allGroups: (db: Queries) => db.selectFrom('site_groups').select('group_number as g').orderBy(sql.lit(1)),

  groupsWithin: (db: Queries, siteNumbers: string[]) =>
    db
      .selectFrom('site_group_members')
      .select('group_number as g')
      .groupBy('group_number')
      .having((eb) =>
        eb.fn.agg<boolean>('bool_and', [eb('site_number', '=', eb.fn.any(eb.val(siteNumbers)))]),
      )
      .orderBy(sql.lit(1)),

  allSiteNumbers: (db: Queries) => db.selectFrom('sites').select('site_number as n').orderBy(sql.lit(1)),
};

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
export async function parkingDays(
  db: Queries,
  sites: StatisticsSites,
  range: DayRange,
): Promise<ParkingDayRow[]> {
  const rows = await statisticsQueries.parkingDays(db, sites, range).execute();
  return rows.map((r) => ({
    day: r.day,
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
  db: Queries,
  sites: StatisticsSites,
  range: DayRange,
): Promise<{ dayOfWeek: number; hours: number[] }[]> {
  const rows = await statisticsQueries.occupancyByWeekday(db, sites, range).execute();
  return rows.map((r) => ({ dayOfWeek: n(r.dow), hours: hourColumns.map((h) => n(r[h])) }));
}

/** A permit's kind as statistics count it: a visitor's (decision 47) is not counted as temporary too. */
export type PermitKind = 'temporary' | 'permanent' | 'visitor';
const kindOf = (r: { is_temp: boolean; visitor: boolean }): PermitKind =>
  r.visitor ? 'visitor' : r.is_temp ? 'temporary' : 'permanent';

export interface PermitDayRow {
  day: string;
  kind: PermitKind;
  added: number;
  starting: number;
  ending: number;
}

/** Permits valid on the day before the period, by kind: every start up to then less every end. */
export async function permitsActiveBefore(
  db: Queries,
  sites: StatisticsSites,
  day: string,
): Promise<Record<PermitKind, number>> {
  const rows = await statisticsQueries.permitsActiveBefore(db, sites, day).execute();
  const active = { temporary: 0, permanent: 0, visitor: 0 };
  for (const r of rows) active[kindOf(r)] += n(r.active);
  return active;
}

/** Permits added, starting and ending on each day of the period, by kind. */
export async function permitDays(
  db: Queries,
  sites: StatisticsSites,
  range: DayRange,
): Promise<PermitDayRow[]> {
  const rows = await statisticsQueries.permitDays(db, sites, range).execute();
  return rows.map((r) => ({
    day: r.day,
    kind: kindOf(r),
    added: n(r.added),
    starting: n(r.starting),
    ending: n(r.ending),
  }));
}

/** Permits added in the period by reason code (0: none given). */
export async function permitReasons(
  db: Queries,
  sites: StatisticsSites,
  range: DayRange,
): Promise<{ reason: number; added: number }[]> {
  const rows = await statisticsQueries.permitReasons(db, sites, range).execute();
  return rows.map((r) => ({ reason: r.reason, added: n(r.added) }));
}

/** Charges issued, cancellations and reductions per calendar month within the period. */
export async function enforcementMonths(
  db: Queries,
  sites: StatisticsSites,
  range: DayRange,
): Promise<{ month: string; issued: number; cancellations: number; reductions: number }[]> {
  const rows = await statisticsQueries.enforcementMonths(db, sites, range).execute();
  return rows.map((r) => ({
    month: r.month,
    issued: n(r.issued),
    cancellations: n(r.cancellations),
    reductions: n(r.reductions),
  }));
}

/** The sites' monthly allowances added up; null when any of them has no limit. */
export async function monthlyAllowances(
  db: Queries,
  sites: StatisticsSites,
): Promise<{ cancellations: number | null; reductions: number | null }> {
  const row = await statisticsQueries.monthlyAllowances(db, sites).executeTakeFirst();
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

/** Every site's totals over the period, sites without figures included, by site number. */
export async function siteTotals(
  db: Queries,
  sites: StatisticsSites,
  range: DayRange,
): Promise<SiteTotalsRow[]> {
  const rows = await statisticsQueries.siteTotals(db, sites, range).execute();
  return rows.map((r) => ({
    site: r.site,
    name: r.name,
    stays: n(r.stays),
    incomePence: n(r.income),
    ticketsIssued: n(r.issued),
    cancellations: n(r.cancellations),
    reductions: n(r.reductions),
    cancellationAllowance: r.cancellation_allowance,
    reductionAllowance: r.reduction_allowance,
  }));
}

/** The groups containing any of the sites whose every member is among them (their group permits count). */
export async function groupsWithin(db: Queries, siteNumbers: string[] | 'all'): Promise<string[]> {
  const rows = await (siteNumbers === 'all'
    ? statisticsQueries.allGroups(db)
    : statisticsQueries.groupsWithin(db, siteNumbers)
  ).execute();
  return rows.map((r) => r.g);
}

export async function allSiteNumbers(db: Queries): Promise<string[]> {
  const rows = await statisticsQueries.allSiteNumbers(db).execute();
  return rows.map((r) => r.n);
}
