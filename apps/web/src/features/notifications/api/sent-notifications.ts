import {
  type NotificationInput,
  notificationCompanyListSchema,
  type Page,
  type PageQuery,
  type SentNotification,
  type SentReadCount,
  sentNotificationPageSchema,
  sentNotificationSchema,
} from '@client-portal/contract';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useApiMutation } from '../../../lib/api-mutation';
import { notificationKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

export type SentRequest = Pick<PageQuery, 'after' | 'before' | 'skip'>;

function useEmail() {
  const session = useSession();
  return session.isAuthenticated ? session.account.email : '';
}

/** GET /notifications/sent: one page of what was sent, newest first, with reach and read counts. */
function sentQueryOptions(api: ApiClient, email: string, request: SentRequest) {
  const params = new URLSearchParams({ skip: String(request.skip) });
  if (request.after) params.set('after', request.after);
  if (request.before) params.set('before', request.before);
  return queryOptions({
    queryKey: notificationKeys.sentPage(email, request),
    queryFn: async ({ signal }) =>
      unwrap(await api.get(`/notifications/sent?${params}`, { schema: sentNotificationPageSchema, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useSentNotifications(request: SentRequest) {
  const api = useApiClient();
  const email = useEmail();
  return useQuery({ ...sentQueryOptions(api, email, request), enabled: Boolean(email) });
}

/**
 * A `sent-read` event of the stream: the sent notification's new reach and read counts, put into the
 * sent pages held, so that the open send page shows them without a reload or a refetch.
 */
export function applySentReadCount(queryClient: QueryClient, email: string, count: SentReadCount): void {
  queryClient.setQueriesData<Page<SentNotification>>({ queryKey: notificationKeys.sent(email) }, (page) =>
    page?.rows.some((row) => row.id === count.id)
      ? {
          ...page,
          rows: page.rows.map((row) =>
            row.id === count.id ? { ...row, recipients: count.recipients, read: count.read } : row,
          ),
        }
      : page,
  );
}

/** GET /notifications/companies: the client companies the sender may address whose name contains `search`. */
export function useCompanySearch(search: string) {
  const api = useApiClient();
  const email = useEmail();
  return useQuery({
    queryKey: notificationKeys.companies(email, search),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get('/notifications/companies', {
          query: { search },
          schema: notificationCompanyListSchema,
          signal,
        }),
      ),
    enabled: Boolean(email),
    placeholderData: keepPreviousData,
  });
}

/** POST /notifications/sent: send now or at its start; the sent list (and the sender's own centre) refresh. */
export function useSendNotification() {
  const email = useEmail();
  return useApiMutation(
    (api, input: NotificationInput) =>
      api.post('/notifications/sent', input, { schema: sentNotificationSchema }),
    (queryClient, result) =>
      result.ok ? queryClient.invalidateQueries({ queryKey: notificationKeys.all(email) }) : undefined,
  );
}

/** POST /notifications/sent/{id}/withdraw. */
export function useWithdrawNotification() {
  const email = useEmail();
  return useApiMutation(
    (api, id: string) =>
      api.post(`/notifications/sent/${id}/withdraw`, undefined, {
        schema: sentNotificationSchema,
        idempotent: true,
      }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: notificationKeys.all(email) }),
  );
}
