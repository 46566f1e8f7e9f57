import {
  type TicketHistoryRow,
  type TicketHistoryState,
  ticketHistoryRowSchema,
} from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';

export const ticketHistoryQueryKey = (state: TicketHistoryState) => ['tickets', 'history', state] as const;

const historySchema = z.array(ticketHistoryRowSchema);

/** GET /tickets?state=: cancelled or reduced (`paid`) tickets; 403 without the matching View feature. */
export function fetchTicketHistory(
  api: ApiClient,
  state: TicketHistoryState,
  signal?: AbortSignal,
): Promise<TicketHistoryRow[]> {
  return api.get('/tickets', { query: { state }, signal, schema: historySchema }).then(unwrap);
}

export function ticketHistoryQueryOptions(api: ApiClient, state: TicketHistoryState) {
  return queryOptions({
    queryKey: ticketHistoryQueryKey(state),
    queryFn: ({ signal }) => fetchTicketHistory(api, state, signal),
  });
}

export function useTicketHistory(state: TicketHistoryState) {
  return useQuery(ticketHistoryQueryOptions(useApiClient(), state));
}
