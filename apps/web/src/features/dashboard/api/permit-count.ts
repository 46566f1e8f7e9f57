import { type PermitState, permitCountSchema } from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { permitKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** GET /permits/_count?state=...: how many of the caller's permits are in a state. */
async function fetchPermitCount(api: ApiClient, state: PermitState, signal?: AbortSignal) {
  const answer = unwrap(
    await api.get('/permits/_count', { query: { state }, schema: permitCountSchema, signal }),
  );
  return answer.count;
}

function permitCountQueryOptions(api: ApiClient, email: string, state: PermitState) {
  return queryOptions({
    queryKey: permitKeys.count(email, state),
    queryFn: ({ signal }) => fetchPermitCount(api, state, signal),
    staleTime: 60_000,
  });
}

export function usePermitCount(state: PermitState, enabled: boolean) {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  return useQuery({ ...permitCountQueryOptions(api, email, state), enabled: enabled && Boolean(email) });
}
