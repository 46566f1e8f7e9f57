import { type ApplicationRole, applicationRoleSchema, type UpdateRole } from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';
import { roleKeys } from '../../../lib/query-keys';

/** PUT /application/roles/{id}: the parent goes back unchanged, as the spec's body names it. */
function updateRole(api: ApiClient, id: number, body: UpdateRole): Promise<ApiResult<ApplicationRole>> {
  return api.put(`/application/roles/${id}`, body, { schema: applicationRoleSchema });
}

/** The list (and the role, under the list's key) is refetched before the list page shows it. */
export function useUpdateRole(id: number) {
  return useApiMutation(
    (api, body: UpdateRole) => updateRole(api, id, body),
    (queryClient, result) =>
      result.ok ? queryClient.invalidateQueries({ queryKey: roleKeys.all }) : undefined,
  );
}
