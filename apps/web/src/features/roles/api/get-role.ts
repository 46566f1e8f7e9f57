import { type ApplicationRole, applicationRoleSchema } from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { roleKeys } from '../../../lib/query-keys';

/** GET /application/roles/{id}: one role as it is now (404 when gone or out of reach). */
function fetchRole(api: ApiClient, roleId: number, signal?: AbortSignal): Promise<ApplicationRole> {
  return api.get(`/application/roles/${roleId}`, { signal, schema: applicationRoleSchema }).then(unwrap);
}

function roleQueryOptions(api: ApiClient, roleId: number) {
  return queryOptions({
    // Under the list's key, so a change that refreshes the list refreshes this too.
    queryKey: roleKeys.one(roleId),
    queryFn: ({ signal }) => fetchRole(api, roleId, signal),
    retry: false,
  });
}

export function useRole(roleId: number) {
  return useQuery(roleQueryOptions(useApiClient(), roleId));
}
