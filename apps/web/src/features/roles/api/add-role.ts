import { type ApplicationRole, applicationRoleSchema, type CreateRole } from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';
import { roleKeys } from '../../../lib/query-keys';

/** POST /application/roles */
function addRole(api: ApiClient, body: CreateRole): Promise<ApiResult<ApplicationRole>> {
  return api.post('/application/roles', body, { schema: applicationRoleSchema });
}

/** The add form still watches the list: the list is refetched before the list page shows it. */
export function useAddRole() {
  return useApiMutation(addRole, (queryClient, result) =>
    result.ok ? queryClient.invalidateQueries({ queryKey: roleKeys.all }) : undefined,
  );
}
