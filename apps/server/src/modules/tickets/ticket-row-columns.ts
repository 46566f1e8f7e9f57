import { type ExpressionBuilder, sql } from 'kysely';
import type { DB, Sites, Tickets } from '../../db/database-types.js';
import { permitCoveredTicket } from './covered-tickets-repository.js';

/** A query over a ticket (alias t) joined to its site (alias s). */
type TicketWithSite = ExpressionBuilder<DB & { t: Tickets; s: Sites }, 't' | 's'>;

/**
 * What every answer about a ticket shows, named as the answers name it: the one ticket's page and
 * each row of the list add their own columns to these.
 */
export const ticketRowColumns = (eb: TicketWithSite) =>
  [
    't.ticket_number as ticketNumber',
    't.site_number as siteNumber',
    's.name as siteName',
    't.vehicle_registration as vehicleRegistration',
    't.violation_date as violationDate',
    't.issue_date as issueDate',
    't.full_amount_pence as fullAmountPence',
    't.reduced_amount_pence as reducedAmountPence',
    't.status',
    sql<string | null>`${eb.ref('t.reduced_until')}::text`.as('reducedUntil'),
    's.allows_reductions as allowsReductions',
    permitCoveredTicket.as('permitCovered'),
  ] as const;
