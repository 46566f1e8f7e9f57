import { type Ticket, type TicketAction, ticketSchema } from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';

/**
 * GET /tickets/{action}/{ticketNumber}: the ticket when the action may be taken on it, else a 400
 * problem listing the refusal codes. Not cached: the answer changes as soon as anyone acts on it.
 */
export function lookupTicket(
  api: ApiClient,
  action: TicketAction,
  ticketNumber: string,
): Promise<ApiResult<Ticket>> {
  return api.get(`/tickets/${action}/${encodeURIComponent(ticketNumber)}`, { schema: ticketSchema });
}
