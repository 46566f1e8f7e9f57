import {
  type DownloadFormat,
  type Page,
  type Permit,
  type PermitListQuery,
  permitListQuerySchema,
  permitPageSchema,
} from '@client-portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { listQuery } from '../../../lib/list-state';
import { permitKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/**
 * The list's state (decision 28) is its request: the query string it is sent as is the one the address
 * holds, field for field, and the server parses it with the same contract schema.
 */
export type PermitPageRequest = PermitListQuery;

const wireQuery = (request: PermitPageRequest) => listQuery(permitListQuerySchema, request);

/** GET /permits: one page of the filtered list, sorted by the server; the signal cancels it. */
function fetchPermitPage(
  api: ApiClient,
  request: PermitPageRequest,
  signal?: AbortSignal,
): Promise<Page<Permit>> {
  return api.get('/permits', { signal, schema: permitPageSchema, query: wireQuery(request) }).then(unwrap);
}

/**
 * GET /permits/_export: every permit of the filter in the list's order, as the server's file: text
 * for Excel (csv) or a workbook (xlsx).
 */
export function fetchPermitExport(
  api: ApiClient,
  request: PermitPageRequest,
  format: DownloadFormat = 'csv',
) {
  const { after: _after, before: _before, skip: _skip, page: _page, ...whole } = wireQuery(request);
  return api.getFile('/permits/_export', { query: { ...whole, format } }).then(unwrap);
}

/**
 * Reading the signal makes a new load abort the previous one: when the filters change, the old
 * query loses its last observer and TanStack Query cancels its request. The page on screen stays
 * until the next one arrives.
 */
function permitsQueryOptions(api: ApiClient, email: string, request: PermitPageRequest) {
  return queryOptions({
    queryKey: permitKeys.list(email, request),
    queryFn: ({ signal }) => fetchPermitPage(api, request, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePermits(request: PermitPageRequest) {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  return useQuery({ ...permitsQueryOptions(api, email, request), enabled: Boolean(email) });
}
