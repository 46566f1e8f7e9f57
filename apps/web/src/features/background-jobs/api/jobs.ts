import { jobsOverviewSchema } from '@client-portal/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useApiMutation } from '../../../lib/api-mutation';
import { jobKeys } from '../../../lib/query-keys';

/** How often the page asks again while it is open: the queues move on their own. */
const REFRESH_MS = 10_000;

/** GET /admin/jobs: each kind's queue and the latest failures. */
export function useJobsOverview() {
  const api = useApiClient();
  return useQuery({
    queryKey: jobKeys.overview,
    queryFn: ({ signal }) => api.get('/admin/jobs', { signal, schema: jobsOverviewSchema }).then(unwrap),
    refetchInterval: REFRESH_MS,
  });
}

/** POST /admin/jobs/{id}/retry, then the overview again. */
export function useRetryJob() {
  return useApiMutation(
    (api, id: string) => api.post(`/admin/jobs/${encodeURIComponent(id)}/retry`),
    (queryClient) => queryClient.invalidateQueries({ queryKey: jobKeys.overview }),
  );
}
