import { COVERED_TICKETS_MAX, type CoveredTickets } from '@client-portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type RowOf, selectRows } from '../../db/rows.js';
import type { permits, tickets } from '../../db/schema.js';
import { legacyPolicySql, type Principal } from '../access/index.js';

/**
 * SQL condition on a ticket (alias t): a permit of its vehicle was valid at its site (the permit's
 * own site, or a group the site belongs to) when the violation happened. Served by the permits'
 * registration index; a vehicle holds few permits.
 */
export const permitCoveredTicket: SQL = sql`exists (
  select 1 from permits cp
  where cp.vehicle_registration = t.vehicle_registration
    and cp.started <= t.violation_date and cp.ended > t.violation_date
    and (cp.site_number = t.site_number
         or cp.group_number in (select m.group_number from site_group_members m
                                where m.site_number = t.site_number)))`;

/** A covered ticket: columns typed from schema.ts under the names the answer uses. */
interface CoveredRow {
  ticketNumber: RowOf<typeof tickets>['ticket_number'];
  siteNumber: RowOf<typeof tickets>['site_number'];
  vehicleRegistration: RowOf<typeof tickets>['vehicle_registration'];
  violationDate: RowOf<typeof tickets>['violation_date'];
  permitId: RowOf<typeof permits>['id'];
}

/**
 * The open tickets at the caller's sites that these permits cover (same vehicle, a site the permit is
 * valid at, violation inside its period), oldest violation first: at most COVERED_TICKETS_MAX, and
 * whether there are more. One query, whatever the number of permits (served by the tickets'
 * registration and violation time index).
 */
export async function findTicketsCoveredBy(
  db: Db,
  principal: Principal,
  permitIds: readonly number[],
): Promise<CoveredTickets> {
  if (permitIds.length === 0) return { tickets: [], more: false };
  const ids = `{${permitIds.map((id) => Math.trunc(id)).join(',')}}`;
  const rows = await selectRows<CoveredRow>(
    db,
    sql`select * from (
          select distinct on (t.ticket_number) t.ticket_number as "ticketNumber",
            t.site_number as "siteNumber", t.vehicle_registration as "vehicleRegistration",
            t.violation_date as "violationDate", p.id as "permitId"
          from permits p
          join tickets t on t.vehicle_registration = p.vehicle_registration
            and t.violation_date >= p.started and t.violation_date < p.ended
            and (t.site_number = p.site_number
                 or t.site_number in (select m.site_number from site_group_members m
                                      where m.group_number = p.group_number))
          where p.id = any(${ids}::int[]) and t.status = 'open'
            and ${legacyPolicySql.siteInReachWhere(principal, sql`t.site_number`)}
          order by t.ticket_number, p.id) c
        order by "violationDate", "ticketNumber" limit ${COVERED_TICKETS_MAX + 1}`,
  );
  const tickets = rows.map((r) => ({ ...r, violationDate: new Date(r.violationDate).toISOString() }));
  return { tickets: tickets.slice(0, COVERED_TICKETS_MAX), more: tickets.length > COVERED_TICKETS_MAX };
}
