import { type ApplicationRole, applicationRoleSchema } from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, unwrap } from './api-client';
import { useApiClient } from './api-context';
import { roleKeys } from './query-keys';

const rolesSchema = z.array(applicationRoleSchema);

/**
 * GET /application/roles: the roles within the caller's features. Shared, not a feature's: the roles
 * pages list and edit them, the user account screens assign them, and a role change refreshes both.
 */
function fetchRoles(api: ApiClient, signal?: AbortSignal): Promise<ApplicationRole[]> {
  return api.get('/application/roles', { signal, schema: rolesSchema }).then(unwrap);
}

function rolesQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: roleKeys.all, queryFn: ({ signal }) => fetchRoles(api, signal) });
}

export function useRoles() {
  return useQuery(rolesQueryOptions(useApiClient()));
}
