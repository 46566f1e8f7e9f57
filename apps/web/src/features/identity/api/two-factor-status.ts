import { twoFactorStatusSchema } from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { userKeys } from '../../../lib/query-keys';

/** GET /user/two-factor */
function twoFactorStatusQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: userKeys.twoFactor,
    queryFn: async ({ signal }) =>
      unwrap(await api.get('/user/two-factor', { signal, schema: twoFactorStatusSchema })),
  });
}

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions(useApiClient()));
}
