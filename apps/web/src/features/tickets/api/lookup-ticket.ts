import { type Ticket, ticketSchema } from '@client-portal/contract';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { ticketKeys } from '../../../lib/query-keys';
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

/**
 * The lookup as a query (the list's cancel and reduce pages): its answer, refusals included, is the
 * data. Asked afresh on every visit and never retried: a refusal is an answer, not a failure.
 */
export function useTicketLookup(kind: TicketFlowKind, ticketNumber: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ticketKeys.lookup(kind, ticketNumber),
    queryFn: () => lookupTicket(api, kind, ticketNumber),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
