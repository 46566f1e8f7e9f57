import { siteRetentionNoticeSchema } from '@client-portal/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { retentionKeys } from '../../../lib/query-keys';

/**
 * GET /privacy/retention/sites/{site}: the periods that apply at one car park, for anyone (decision
 * 54), not asked without one; a car park that does not exist fails (404) at once, without retries.
 */
export function useSiteRetention(site: string | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: retentionKeys.site(site ?? ''),
    queryFn: ({ signal }) =>
      api
        .get(`/privacy/retention/sites/${encodeURIComponent(site ?? '')}`, {
          signal,
          schema: siteRetentionNoticeSchema,
        })
        .then(unwrap),
    enabled: site !== undefined,
    retry: false,
    staleTime: 60_000,
  });
}
