import { type ApplicationRole, applicationRoleSchema } from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';

export const rolesQueryKey = ['application', 'roles'] as const;

const rolesSchema = z.array(applicationRoleSchema);

/** GET /application/roles: the roles within the caller's features. */
export function fetchRoles(api: ApiClient, signal?: AbortSignal): Promise<ApplicationRole[]> {
  return api.get('/application/roles', { signal, schema: rolesSchema }).then(unwrap);
}

export function rolesQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: rolesQueryKey, queryFn: ({ signal }) => fetchRoles(api, signal) });
}

export function useRoles() {
  return useQuery(rolesQueryOptions(useApiClient()));
}
