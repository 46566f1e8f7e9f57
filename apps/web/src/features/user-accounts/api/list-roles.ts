import { type ApplicationRole, applicationRoleSchema } from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';

/** The same key the roles pages use, so a role change refreshes the user screens' list too. */
export const assignableRolesQueryKey = ['application', 'roles'] as const;

const rolesSchema = z.array(applicationRoleSchema);

/** GET /application/roles: the roles the user may assign (those within their own features). */
export function fetchAssignableRoles(api: ApiClient, signal?: AbortSignal): Promise<ApplicationRole[]> {
  return api.get('/application/roles', { signal, schema: rolesSchema }).then(unwrap);
}

export function useAssignableRoles() {
  const api = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: assignableRolesQueryKey,
      queryFn: ({ signal }) => fetchAssignableRoles(api, signal),
    }),
  );
}
