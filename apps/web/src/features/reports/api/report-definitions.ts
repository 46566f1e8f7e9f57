import { type ReportDefinition, reportDefinitionSchema, siteSchema } from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { reportKeys, siteKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

const definitionsSchema = z.array(reportDefinitionSchema);

/** GET /reports/_definitions: the catalogue, as data. */
function reportDefinitionsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: reportKeys.definitions,
    queryFn: async ({ signal }): Promise<ReportDefinition[]> =>
      unwrap(await api.get('/reports/_definitions', { schema: definitionsSchema, signal })),
    staleTime: 10 * 60_000,
  });
}

export function useReportDefinitions() {
  return useQuery(reportDefinitionsQueryOptions(useApiClient()));
}

const accessibleSchema = z.array(siteSchema);

/** GET /sites/accessible: the sites and groups a report can be run for. */
export function useReportSites() {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  return useQuery({
    queryKey: siteKeys.accessible(email),
    queryFn: async ({ signal }) =>
      unwrap(await api.get('/sites/accessible', { schema: accessibleSchema, signal })),
    staleTime: 5 * 60_000,
    enabled: Boolean(email),
  });
}
