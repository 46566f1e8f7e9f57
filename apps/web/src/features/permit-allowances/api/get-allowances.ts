import { type PermitAllowance, permitAllowanceListSchema } from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { permitAllowanceKeys } from '../../../lib/query-keys';

/** GET /permits/allowances/{site}: a site's row, or a group's row followed by its member sites' rows. */
function fetchAllowances(api: ApiClient, number: string, signal?: AbortSignal): Promise<PermitAllowance[]> {
  return api
    .get(`/permits/allowances/${encodeURIComponent(number)}`, { signal, schema: permitAllowanceListSchema })
    .then(unwrap);
}

function allowancesQueryOptions(api: ApiClient, number: string) {
  return queryOptions({
    queryKey: permitAllowanceKeys.of(number),
    queryFn: ({ signal }) => fetchAllowances(api, number, signal),
  });
}

export function useAllowances(number: string | undefined) {
  const api = useApiClient();
  return useQuery({ ...allowancesQueryOptions(api, number ?? ''), enabled: Boolean(number) });
}
