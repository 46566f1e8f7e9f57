import {
  type Page,
  type TicketListQuery,
  type TicketListRow,
  ticketListPageSchema,
  ticketListQuerySchema,
} from '@client-portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { listQuery } from '../../../lib/list-state';
import { ticketKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/**
 * GET /tickets/list: one page of the charges at the caller's sites. The list's state (decision 28) is
 * the request: the address's query string is sent field for field, parsed by the same contract schema.
 */
function fetchTicketPage(
  api: ApiClient,
  request: TicketListQuery,
  signal?: AbortSignal,
): Promise<Page<TicketListRow>> {
  return api
    .get('/tickets/list', {
      signal,
      schema: ticketListPageSchema,
      query: listQuery(ticketListQuerySchema, request),
    })
    .then(unwrap);
}

function ticketListQueryOptions(api: ApiClient, email: string, request: TicketListQuery) {
  return queryOptions({
    queryKey: ticketKeys.listPage(email, request),
    queryFn: ({ signal }) => fetchTicketPage(api, request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTicketList(request: TicketListQuery) {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  return useQuery({ ...ticketListQueryOptions(api, email, request), enabled: Boolean(email) });
}
