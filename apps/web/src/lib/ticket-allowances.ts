import { type TicketAllowance, ticketAllowanceSchema } from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, unwrap } from './api-client';
import { useApiClient } from './api-context';
import { ticketKeys } from './query-keys';

const allowancesSchema = z.array(ticketAllowanceSchema);

/** GET /tickets/allowances: this calendar month's use of each of the caller's sites' allowances. */
function fetchAllowances(api: ApiClient, signal?: AbortSignal): Promise<TicketAllowance[]> {
  return api.get('/tickets/allowances', { signal, schema: allowancesSchema }).then(unwrap);
}

function allowancesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ticketKeys.allowances,
    queryFn: ({ signal }) => fetchAllowances(api, signal),
  });
}

export function useTicketAllowances() {
  return useQuery(allowancesQueryOptions(useApiClient()));
}
