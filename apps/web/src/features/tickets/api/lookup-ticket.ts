import { type Ticket, ticketSchema } from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import type { TicketFlowKind } from '../ticket-flow';
import { wireAction } from './ticket-wire';

/**
 * GET /tickets/{action}/{ticketNumber}: the ticket when the action may be taken on it, else a 400
 * problem listing the refusal codes. Not cached: the answer changes as soon as anyone acts on it.
 */
export function lookupTicket(
  api: ApiClient,
  kind: TicketFlowKind,
  ticketNumber: string,
): Promise<ApiResult<Ticket>> {
  return api.get(`/tickets/${wireAction[kind]}/${encodeURIComponent(ticketNumber)}`, {
    schema: ticketSchema,
  });
}
