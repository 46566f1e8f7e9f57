import { type ApplicationRole, applicationRoleSchema, type UpdateRole } from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';

/** PUT /application/roles/{id}: the parent goes back unchanged, as the spec's body names it. */
export function updateRole(
  api: ApiClient,
  id: number,
  body: UpdateRole,
): Promise<ApiResult<ApplicationRole>> {
  return api.put(`/application/roles/${id}`, body, { schema: applicationRoleSchema });
}
