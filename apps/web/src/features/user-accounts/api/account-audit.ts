import { type UserAuditEntry, userAuditEntrySchema } from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { accountsQueryKey } from './list-accounts';

const auditSchema = z.array(userAuditEntrySchema);

/** GET /user/accounts/{id}/audit: newest first. */
export function fetchAccountAudit(
  api: ApiClient,
  userId: string,
  signal?: AbortSignal,
): Promise<UserAuditEntry[]> {
  return api
    .get(`/user/accounts/${encodeURIComponent(userId)}/audit`, { signal, schema: auditSchema })
    .then(unwrap);
}

export function useAccountAudit(userId: string) {
  const api = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: [...accountsQueryKey, 'audit', userId],
      queryFn: ({ signal }) => fetchAccountAudit(api, userId, signal),
      staleTime: 0,
    }),
  );
}
