import type { CoveredTickets, Permit } from '@client-portal/contract';
import type { Queries } from '../../../db/kysely.js';
import type { Principal } from '../../access/index.js';
import { findTicketsCoveredBy } from '../../tickets/index.js';

/**
 * The open tickets that permits just added or edited cover (issue 14), read after their commit: the
 * answer lists them so that a user holding Tickets.Cancel can cancel them through the tickets' own
 * rules. An edit that changed nothing still answers what its permit covers.
 */
export function ticketsCoveredBy(
  queries: Queries,
  principal: Principal,
  permits: readonly Permit[],
): Promise<CoveredTickets> {
  return findTicketsCoveredBy(
    queries,
    principal,
    permits.map((p) => p.permitId),
  );
}
