import {
  type ReportSubscription,
  type ReportSubscriptionCreate,
  reportSubscriptionSchema,
} from '@client-portal/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useApiMutation } from '../../../lib/api-mutation';
import { reportKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

const listSchema = z.array(reportSubscriptionSchema);

function useEmail() {
  const session = useSession();
  return session.isAuthenticated ? session.account.email : '';
}

/** GET /reports/subscriptions: the user's own subscriptions (at most 20). */
export function useReportSubscriptions() {
  const api = useApiClient();
  const email = useEmail();
  return useQuery({
    queryKey: reportKeys.subscriptions(email),
    queryFn: async ({ signal }): Promise<ReportSubscription[]> =>
      unwrap(await api.get('/reports/subscriptions', { schema: listSchema, signal })),
    enabled: Boolean(email),
  });
}

/** POST /reports/subscriptions */
export function useSubscribe() {
  const email = useEmail();
  return useApiMutation(
    (api, input: ReportSubscriptionCreate) =>
      api.post<ReportSubscription>('/reports/subscriptions', input, { schema: reportSubscriptionSchema }),
    (queryClient, result) =>
      result.ok ? queryClient.invalidateQueries({ queryKey: reportKeys.subscriptions(email) }) : undefined,
  );
}

/** DELETE /reports/subscriptions/{id} */
export function useCancelSubscription() {
  const email = useEmail();
  return useApiMutation(
    (api, id: number) => api.delete(`/reports/subscriptions/${id}`),
    (queryClient) => queryClient.invalidateQueries({ queryKey: reportKeys.subscriptions(email) }),
  );
}
