import { siteSchema } from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { siteKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

const sitesSchema = z.array(siteSchema);

/** GET /sites/accessible: the caller's sites and site groups. */
async function fetchAccessibleSites(api: ApiClient, signal?: AbortSignal) {
  return unwrap(await api.get('/sites/accessible', { schema: sitesSchema, signal }));
}

function accessibleSitesQueryOptions(api: ApiClient, email: string) {
  return queryOptions({
    queryKey: siteKeys.accessible(email),
    queryFn: ({ signal }) => fetchAccessibleSites(api, signal),
    staleTime: 5 * 60_000,
  });
}

export function useAccessibleSites() {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  return useQuery({ ...accessibleSitesQueryOptions(api, email), enabled: Boolean(email) });
}
