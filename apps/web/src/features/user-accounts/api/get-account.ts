import { type UserAccount, userAccountSchema } from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { userAccountKeys } from '../../../lib/query-keys';

/** GET /user/accounts/{id} */
function fetchAccount(api: ApiClient, userId: string, signal?: AbortSignal): Promise<UserAccount> {
  return api
    .get(`/user/accounts/${encodeURIComponent(userId)}`, { signal, schema: userAccountSchema })
    .then(unwrap);
}

function accountQueryOptions(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: userAccountKeys.one(userId),
    queryFn: ({ signal }) => fetchAccount(api, userId, signal),
    // The edit form starts from what is stored now, not from a copy left by an earlier visit.
    staleTime: 0,
  });
}

export function useAccount(userId: string, enabled = true) {
  return useQuery({ ...accountQueryOptions(useApiClient(), userId), enabled });
}
