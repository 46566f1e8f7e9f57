import {
  type Page,
  type TicketHistoryQuery,
  type TicketHistoryRow,
  ticketHistoryPageSchema,
} from '@client-portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { ticketKeys } from '../../../lib/query-keys';
import type { TicketFlowKind } from '../ticket-flow';
import { wireHistoryState } from './ticket-wire';

/** Which history (the cancelled or the reduced tickets), and the page of it. */
type TicketHistoryRequest = Omit<TicketHistoryQuery, 'skip' | 'state'> & {
  kind: TicketFlowKind;
  skip?: number;
};

/** GET /tickets?state=: one page of cancelled or reduced (`paid`) tickets; 403 without the View feature. */
function fetchTicketHistory(
  api: ApiClient,
  request: TicketHistoryRequest,
  signal?: AbortSignal,
): Promise<Page<TicketHistoryRow>> {
  const { kind, ...page } = request;
  return api
    .get('/tickets', {
      query: { ...page, state: wireHistoryState[kind], skip: page.skip || undefined },
      signal,
      schema: ticketHistoryPageSchema,
    })
    .then(unwrap);
}

function ticketHistoryQueryOptions(api: ApiClient, request: TicketHistoryRequest) {
  return queryOptions({
    queryKey: ticketKeys.historyPage(request.kind, request),
    queryFn: ({ signal }) => fetchTicketHistory(api, request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTicketHistory(request: TicketHistoryRequest) {
  return useQuery(ticketHistoryQueryOptions(useApiClient(), request));
}
