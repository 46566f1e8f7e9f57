import { type RoleRemoval, roleRemovalSchema } from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, type ApiResult, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useApiMutation } from '../../../lib/api-mutation';
import { roleKeys } from '../../../lib/query-keys';

/** DELETE /application/roles/{id}: a refusal (held by users, has child roles) is a 400 problem saying why. */
function removeRole(api: ApiClient, id: number): Promise<ApiResult<unknown>> {
  return api.delete(`/application/roles/${id}`);
}

/** After a removal the list is refetched before the list page shows it. */
export function useRemoveRole() {
  return useApiMutation(removeRole, (queryClient, result) =>
    result.ok ? queryClient.invalidateQueries({ queryKey: roleKeys.all }) : undefined,
  );
}

/** The server's reason for a refusal: its field messages, or the detail when there are none. */
export function refusalReasons(result: ApiResult<unknown>): string[] {
  if (result.ok || !result.problem) return [];
  const messages = [...new Set(Object.values(result.problem.errors ?? {}).flat())];
  if (messages.length > 0) return messages;
  return result.problem.detail ? [result.problem.detail] : [];
}

/** GET /application/roles/{id}/removal: the reasons a removal would be refused now (none: it can go). */
function fetchRoleRemoval(api: ApiClient, id: number, signal?: AbortSignal): Promise<RoleRemoval> {
  return api.get(`/application/roles/${id}/removal`, { signal, schema: roleRemovalSchema }).then(unwrap);
}

function roleRemovalQueryOptions(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: roleKeys.removal(id),
    queryFn: ({ signal }) => fetchRoleRemoval(api, id, signal),
  });
}

export function useRoleRemovalCheck(id: number) {
  return useQuery(roleRemovalQueryOptions(useApiClient(), id));
}
