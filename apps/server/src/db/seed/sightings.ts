import type { SqlSession } from '../client.js';
import { addDays } from './dates.js';
import { sqlHash } from './random.js';
import { CLERK_SITE } from './sites.js';
import { insertRows } from './sql.js';

/** How many days of camera reads the demo holds, up to yesterday. */
export const SIGHTING_DAYS = 60;
/** Of every hundred permits overlapping those days, this many are never seen by the cameras. */
const NEVER_SEEN_PERCENT = 12;
/** On each day of its period, a seen permit's vehicle comes in with this chance (percent). */
const VISIT_PERCENT = 35;
/** Of every thousand reads, this many took one confusable character for its twin. */
const MISREAD_PER_MILLE = 15;

/**
 * A vehicle without a permit, seen at the clerk's site on each of the last few days, and the plate
 * one confusable character off it that a clerk might type (S read as 5). Age identifier 14 is never
 * seeded, so no permit holds it.
 */
export const seenVisitor = {
  site: CLERK_SITE,
  registration: 'KS14BXE',
  typo: 'K514BXE',
  timesThisWeek: 4,
} as const;

/** Characters swapped for their twins by `translate`: O<->0, I<->1, S<->5, B<->8, Z<->2, G<->6. */
const CONFUSABLE_FROM = 'OISBZG015826';
const CONFUSABLE_TO = '015826OISBZG';

/** The plate with its first confusable character swapped (a camera's misread); unchanged without one. */
function sqlMisread(plate: string): string {
  const position = `length(substring(${plate} from '^[^${CONFUSABLE_FROM}]*')) + 1`;
  return `case when ${plate} ~ '[${CONFUSABLE_FROM}]'
    then overlay(${plate} placing translate(substr(${plate}, ${position}, 1), '${CONFUSABLE_FROM}', '${CONFUSABLE_TO}')
      from ${position} for 1)
    else ${plate} end`;
}

/**
 * Reads of permitted vehicles at their site (a group permit's vehicle at one of the group's sites), on
 * about a third of the days of their permit within the last SIGHTING_DAYS days; some permits' vehicles
 * never come. A few reads take a confusable character for its twin.
 */
function permittedVisitsSql(): string {
  const key = `p.id || ':' || d`;
  const outerKey = `id || ':' || d`;
  return `
    insert into vehicle_sightings (site_number, registration, entered_at, exited_at, read_confidence)
    select site_number,
      case when ${sqlHash('sm', outerKey)} % 1000 < ${MISREAD_PER_MILLE} then ${sqlMisread('plate')} else plate end,
      entered_at,
      case when h % 100 < 3 then null else entered_at + (20 + h % 600) * interval '1 minute' end,
      case when ${sqlHash('sm', outerKey)} % 1000 < ${MISREAD_PER_MILLE} then 0.55 + (h % 20) / 100.0
        else 0.80 + (h % 20) / 100.0 end
    from (
      select p.id, d, p.vehicle_registration as plate, x.h, x.entered_at,
        coalesce(p.site_number, g.sites[(x.h / 7 % array_length(g.sites, 1))::int + 1]) as site_number
      from permits p
      left join (
        select group_number, array_agg(site_number order by site_number) as sites
        from site_group_members group by group_number
      ) g on g.group_number = p.group_number
      cross join generate_series(1, ${SIGHTING_DAYS}) d
      cross join lateral (
        select ${sqlHash('sh', key)} as h,
          $1::timestamptz - d * interval '1 day' + (360 + ${sqlHash('st', key)} % 840) * interval '1 minute'
            as entered_at
      ) x
      where p.started < $1::timestamptz
        and p.ended > $1::timestamptz - ${SIGHTING_DAYS} * interval '1 day'
        and ${sqlHash('sn', 'p.id::text')} % 100 >= ${NEVER_SEEN_PERCENT}
        and ${sqlHash('sv', key)} % 100 < ${VISIT_PERCENT}
        and x.entered_at >= p.started and x.entered_at < p.ended
    ) visit
    order by entered_at, id`;
}

/** Every parking payment of the last SIGHTING_DAYS days was a vehicle the cameras saw. */
function payingVisitsSql(): string {
  return `
    insert into vehicle_sightings (site_number, registration, entered_at, exited_at, read_confidence)
    select site_number, vehicle_registration, occurred_at, occurred_at + duration_minutes * interval '1 minute',
      0.80 + (${sqlHash('sp', 'id::text')} % 20) / 100.0
    from transactions
    where occurred_at >= $1::timestamptz - ${SIGHTING_DAYS} * interval '1 day' and occurred_at < $1::timestamptz
    order by occurred_at, id`;
}

/** Every ticket of the last SIGHTING_DAYS days began as a camera read: the vehicle was there at the violation. */
function ticketedVisitsSql(): string {
  const h = sqlHash('sk', 'ticket_number');
  return `
    insert into vehicle_sightings (site_number, registration, entered_at, exited_at, read_confidence)
    select site_number, vehicle_registration, violation_date - (20 + ${h} % 100) * interval '1 minute',
      violation_date + (10 + ${h} % 60) * interval '1 minute', 0.80 + (${h} % 20) / 100.0
    from tickets
    where violation_date >= $1::timestamptz - ${SIGHTING_DAYS} * interval '1 day' and violation_date < $1::timestamptz
    order by violation_date, ticket_number`;
}

/** Camera reads that fit the demo permits, tickets and payments, set-based; `day0` is midnight of today. */
export async function insertSightings(session: SqlSession, options: { day0: Date }): Promise<void> {
  const day0 = options.day0.toISOString();
  await session.query(permittedVisitsSql(), [day0]);
  await session.query(ticketedVisitsSql(), [day0]);
  await session.query(payingVisitsSql(), [day0]);
  const visits = Array.from({ length: seenVisitor.timesThisWeek }, (_, k) => {
    const entered = new Date(addDays(options.day0, -(k + 1)).getTime() + (8 + k) * 3_600_000);
    return [
      seenVisitor.site,
      seenVisitor.registration,
      entered.toISOString(),
      new Date(entered.getTime() + 90 * 60_000).toISOString(),
      0.97,
    ];
  });
  await insertRows(
    session,
    'vehicle_sightings',
    ['site_number', 'registration', 'entered_at', 'exited_at', 'read_confidence'],
    visits,
  );
}
