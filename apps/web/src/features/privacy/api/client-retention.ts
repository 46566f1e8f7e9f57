import {
  type ClientRetention,
  type ClientRetentionInput,
  clientRetentionListSchema,
  clientRetentionSchema,
} from '@client-portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useApiMutation } from '../../../lib/api-mutation';
import { retentionKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/**
 * GET /privacy/retention: the operator's periods and the client companies the caller may set, whose
 * name contains `search` (at most 20, A to Z; a client administrator's own company only).
 */
export function useClientRetention(search: string) {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  return useQuery({
    queryKey: retentionKeys.companySearch(email, search),
    queryFn: () =>
      api
        .get(`/privacy/retention?search=${encodeURIComponent(search)}`, { schema: clientRetentionListSchema })
        .then(unwrap),
    placeholderData: keepPreviousData,
  });
}

function setClientRetention(
  api: ApiClient,
  { companyId, periods }: { companyId: number; periods: ClientRetentionInput },
): Promise<ApiResult<ClientRetention>> {
  return api.put(`/privacy/retention/companies/${companyId}`, periods, { schema: clientRetentionSchema });
}

/** PUT /privacy/retention/companies/{id}: a company's shorter periods (null: the operator's). */
export function useSetClientRetention() {
  return useApiMutation(setClientRetention, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: retentionKeys.companies }),
  );
}
