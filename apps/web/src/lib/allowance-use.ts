import { permitAllowanceUseListSchema } from '@client-portal/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from './api-client';
import { useApiClient } from './api-context';
import { permitKeys } from './query-keys';
import { useSession } from './session';

/**
 * GET /permits/allowances/{site}/use: the site's (or group's, then its member sites') caps beside the
 * current and upcoming permits counting against them, read with the add's own rule. Nothing is asked
 * until a site is chosen.
 */
export function useAllowanceUse(site: string | undefined) {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  return useQuery({
    queryKey: permitKeys.allowanceUse(email, site ?? ''),
    queryFn: ({ signal }) =>
      api
        .get(`/permits/allowances/${encodeURIComponent(site ?? '')}/use`, {
          signal,
          schema: permitAllowanceUseListSchema,
        })
        .then(unwrap),
    staleTime: 0,
    enabled: Boolean(email && site),
  });
}
