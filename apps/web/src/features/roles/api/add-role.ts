import { type ApplicationRole, applicationRoleSchema, type CreateRole } from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';

/** POST /application/roles */
export function addRole(api: ApiClient, body: CreateRole): Promise<ApiResult<ApplicationRole>> {
  return api.post('/application/roles', body, { schema: applicationRoleSchema });
}
