import { COVERED_TICKETS_MAX, type CoveredTickets } from '@client-portal/contract';
import { expressionBuilder } from 'kysely';
import type { DB, Tickets } from '../../db/database-types.js';
import type { Queries } from '../../db/kysely.js';
import { type Principal, policy } from '../access/index.js';

/**
 * Condition on a ticket (alias t): a permit of its vehicle was valid at its site (the permit's own
 * site, or a group the site belongs to) when the violation happened. Served by the permits'
 * registration index; a vehicle holds few permits.
 */
const eb = expressionBuilder<DB & { t: Tickets }, 't'>();
export const permitCoveredTicket = eb.exists(
  eb
    .selectFrom('permits as cp')
    .select(eb.lit(1).as('one'))
    .whereRef('cp.vehicle_registration', '=', 't.vehicle_registration')
    .whereRef('cp.started', '<=', 't.violation_date')
    .whereRef('cp.ended', '>', 't.violation_date')
    .where((cp) =>
      cp.or([
        cp('cp.site_number', '=', cp.ref('t.site_number')),
        cp(
          'cp.group_number',
          'in',
          cp
            .selectFrom('site_group_members as m')
            .select('m.group_number')
            .whereRef('m.site_number', '=', 't.site_number'),
        ),
      ]),
    ),
);

/** The statements of this repository, built but not run: what covered-tickets-repository.sql shows. */
export const coveredTicketsQueries = {
  /**
   * The open tickets at the caller's sites that these permits cover, oldest violation first, one
   * more than the answer holds (so that `more` is known).
   */
  coveredBy: (db: Queries, principal: Principal, permitIds: readonly number[]) =>
    db
      .selectFrom(
        db
          .selectFrom('permits as p')
          .innerJoin('tickets as t', (join) =>
            join
              .onRef('t.vehicle_registration', '=', 'p.vehicle_registration')
              .onRef('t.violation_date', '>=', 'p.started')
              .onRef('t.violation_date', '<', 'p.ended')
              .on((eb) =>
                eb.or([
                  eb('t.site_number', '=', eb.ref('p.site_number')),
                  eb(
                    't.site_number',
                    'in',
                    eb
                      .selectFrom('site_group_members as m')
                      .select('m.site_number')
                      .whereRef('m.group_number', '=', 'p.group_number'),
                  ),
                ]),
              ),
          )
          .distinctOn('t.ticket_number')
          .select([
            't.ticket_number as ticketNumber',
            't.site_number as siteNumber',
            't.vehicle_registration as vehicleRegistration',
            't.violation_date as violationDate',
            'p.id as permitId',
          ])
          .where((eb) => eb('p.id', '=', eb.fn.any(eb.val(permitIds.map((id) => Math.trunc(id))))))
          .where('t.status', '=', 'open')
          .where((eb) => policy.siteInReachWhere(principal, eb.ref('t.site_number')))
          .orderBy('t.ticket_number')
          .orderBy('p.id')
          .as('c'),
      )
      .selectAll('c')
      .orderBy('c.violationDate')
      .orderBy('c.ticketNumber')
      .limit(COVERED_TICKETS_MAX + 1),
};

/**
 * The open tickets at the caller's sites that these permits cover (same vehicle, a site the permit is
 * valid at, violation inside its period), oldest violation first: at most COVERED_TICKETS_MAX, and
 * whether there are more. One query, whatever the number of permits (served by the tickets'
 * registration and violation time index).
 */
export async function findTicketsCoveredBy(
  queries: Queries,
  principal: Principal,
  permitIds: readonly number[],
): Promise<CoveredTickets> {
  if (permitIds.length === 0) return { tickets: [], more: false };
  const rows = await coveredTicketsQueries.coveredBy(queries, principal, permitIds).execute();
  const tickets = rows.map((r) => ({ ...r, violationDate: new Date(r.violationDate).toISOString() }));
  return { tickets: tickets.slice(0, COVERED_TICKETS_MAX), more: tickets.length > COVERED_TICKETS_MAX };
}
