import { roleRemovalSchema } from '@client-portal/contract';
import { useQuery } from '@tanstack/react-query';
import { type ApiClient, type ApiResult, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { rolesQueryKey } from './list-roles';

/** DELETE /application/roles/{id}: a refusal (held by users, has child roles) is a 400 problem saying why. */
export function removeRole(api: ApiClient, id: number): Promise<ApiResult<unknown>> {
  return api.delete(`/application/roles/${id}`);
}

/** The server's reason for a refusal: its field messages, or the detail when there are none. */
export function refusalReasons(result: ApiResult<unknown>): string[] {
  if (result.ok || !result.problem) return [];
  const messages = [...new Set(Object.values(result.problem.errors ?? {}).flat())];
  if (messages.length > 0) return messages;
  return result.problem.detail ? [result.problem.detail] : [];
}

/** GET /application/roles/{id}/removal: the reasons a removal would be refused now (none: it can go). */
export function useRoleRemovalCheck(id: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...rolesQueryKey, id, 'removal'],
    queryFn: ({ signal }) =>
      api.get(`/application/roles/${id}/removal`, { signal, schema: roleRemovalSchema }).then(unwrap),
  });
}
