import { type Permit, type PermitFilter, permitListSchema } from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useSession } from '../../../lib/session';

/** GET /permits?state=&siteNumber=&vehicleRegistration=; the signal cancels it. */
export function fetchPermits(api: ApiClient, filter: PermitFilter, signal?: AbortSignal): Promise<Permit[]> {
  return api
    .get('/permits', {
      signal,
      schema: permitListSchema,
      query: {
        state: filter.state,
        siteNumber: filter.siteNumber,
        vehicleRegistration: filter.vehicleRegistration,
      },
    })
    .then(unwrap);
}

/**
 * Reading the signal makes a new load abort the previous one: when the filters change, the old
 * query loses its last observer and TanStack Query cancels its request.
 */
export function permitsQueryOptions(api: ApiClient, email: string, filter: PermitFilter) {
  return queryOptions({
    queryKey: ['permits', 'list', email, filter] as const,
    queryFn: ({ signal }) => fetchPermits(api, filter, signal),
  });
}

export function usePermits(filter: PermitFilter) {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  return useQuery({ ...permitsQueryOptions(api, email, filter), enabled: Boolean(email) });
}
