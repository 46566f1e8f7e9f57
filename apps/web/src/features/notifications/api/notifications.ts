import {
  notificationSummarySchema,
  type PageQuery,
  receivedNotificationPageSchema,
} from '@client-portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useApiMutation } from '../../../lib/api-mutation';
import { notificationKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** The live stream (live/use-notification-stream.ts) refreshes at once; this poll is its slow fallback. */
const SUMMARY_REFRESH_MS = 60_000;

export type CentreRequest = { unread: boolean } & Pick<PageQuery, 'after' | 'before' | 'skip'>;

function useEmail() {
  const session = useSession();
  return session.isAuthenticated ? session.account.email : '';
}

/** GET /notifications/summary: the bell's unread count and the urgent banner's notifications. */
function summaryQueryOptions(api: ApiClient, email: string) {
  return queryOptions({
    queryKey: notificationKeys.summary(email),
    queryFn: async ({ signal }) =>
      unwrap(await api.get('/notifications/summary', { schema: notificationSummarySchema, signal })),
    refetchInterval: SUMMARY_REFRESH_MS,
  });
}

export function useNotificationSummary() {
  const api = useApiClient();
  const email = useEmail();
  return useQuery({ ...summaryQueryOptions(api, email), enabled: Boolean(email) });
}

/** GET /notifications: one page of the centre, newest first. */
function centreQueryOptions(api: ApiClient, email: string, request: CentreRequest) {
  const params = new URLSearchParams({ unread: String(request.unread), skip: String(request.skip) });
  if (request.after) params.set('after', request.after);
  if (request.before) params.set('before', request.before);
  return queryOptions({
    queryKey: notificationKeys.list(email, request),
    queryFn: async ({ signal }) =>
      unwrap(await api.get(`/notifications?${params}`, { schema: receivedNotificationPageSchema, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useNotificationCentre(request: CentreRequest, enabled = true) {
  const api = useApiClient();
  const email = useEmail();
  return useQuery({ ...centreQueryOptions(api, email, request), enabled: enabled && Boolean(email) });
}

/** PUT /notifications/{id}/read: mark read (acknowledge) or unread; the bell, banner and list refresh. */
export function useMarkRead() {
  const email = useEmail();
  return useApiMutation(
    (api, vars: { id: string; read: boolean }) =>
      api.put(`/notifications/${vars.id}/read`, { read: vars.read }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: notificationKeys.all(email) }),
  );
}

/** POST /notifications/read-all. */
export function useMarkAllRead() {
  const email = useEmail();
  return useApiMutation(
    (api) => api.post('/notifications/read-all'),
    (queryClient) => queryClient.invalidateQueries({ queryKey: notificationKeys.all(email) }),
  );
}
