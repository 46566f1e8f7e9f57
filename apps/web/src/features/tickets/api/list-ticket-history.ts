import {
  type Page,
  type TicketHistoryQuery,
  type TicketHistoryRow,
  type TicketHistoryState,
  ticketHistoryPageSchema,
} from '@client-portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';

export type TicketHistoryRequest = Omit<TicketHistoryQuery, 'skip'> & { skip?: number };

export const ticketHistoryQueryKey = (state: TicketHistoryState) => ['tickets', 'history', state] as const;

/** GET /tickets?state=: one page of cancelled or reduced (`paid`) tickets; 403 without the View feature. */
export function fetchTicketHistory(
  api: ApiClient,
  request: TicketHistoryRequest,
  signal?: AbortSignal,
): Promise<Page<TicketHistoryRow>> {
  return api
    .get('/tickets', {
      query: { ...request, skip: request.skip || undefined },
      signal,
      schema: ticketHistoryPageSchema,
    })
    .then(unwrap);
}

export function ticketHistoryQueryOptions(api: ApiClient, request: TicketHistoryRequest) {
  return queryOptions({
    queryKey: [...ticketHistoryQueryKey(request.state), request] as const,
    queryFn: ({ signal }) => fetchTicketHistory(api, request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTicketHistory(request: TicketHistoryRequest) {
  return useQuery(ticketHistoryQueryOptions(useApiClient(), request));
}
