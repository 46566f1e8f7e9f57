import { recentActionsSchema } from '@client-portal/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { userKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** GET /user/recent-actions: what the caller did lately, newest first. */
export function useRecentActions() {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  return useQuery({
    queryKey: userKeys.recentActions(email),
    queryFn: ({ signal }) =>
      api.get('/user/recent-actions', { signal, schema: recentActionsSchema }).then(unwrap),
    staleTime: 0,
    enabled: Boolean(email),
  });
}
