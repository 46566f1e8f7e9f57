import { type UserAuditEntry, userAuditEntrySchema } from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { userAccountKeys } from '../../../lib/query-keys';

const auditSchema = z.array(userAuditEntrySchema);

/** GET /user/accounts/{id}/audit: newest first. */
function fetchAccountAudit(api: ApiClient, userId: string, signal?: AbortSignal): Promise<UserAuditEntry[]> {
  return api
    .get(`/user/accounts/${encodeURIComponent(userId)}/audit`, { signal, schema: auditSchema })
    .then(unwrap);
}

function accountAuditQueryOptions(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: userAccountKeys.audit(userId),
    queryFn: ({ signal }) => fetchAccountAudit(api, userId, signal),
    staleTime: 0,
  });
}

export function useAccountAudit(userId: string) {
  return useQuery(accountAuditQueryOptions(useApiClient(), userId));
}
