import { retentionNoticeSchema } from '@client-portal/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { retentionKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/**
 * GET /privacy/retention/mine: the periods that apply to the signed-in reader's company (decision 52);
 * not asked while signed out, when the notice states the operator's, nor when `wanted` is false (the
 * notice of one car park, decision 54).
 */
export function useMyRetention(wanted = true) {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  return useQuery({
    queryKey: retentionKeys.mine(email),
    queryFn: () => api.get('/privacy/retention/mine', { schema: retentionNoticeSchema }).then(unwrap),
    enabled: wanted && session.isAuthenticated,
    staleTime: 60_000,
  });
}
