import {
  type NotificationPreferences,
  type notificationPreferencesInputSchema,
  notificationPreferencesSchema,
} from '@client-portal/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useApiMutation } from '../../../lib/api-mutation';
import { notificationKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

function useEmail() {
  const session = useSession();
  return session.isAuthenticated ? session.account.email : '';
}

/** GET /notifications/preferences: the caller's email choice per category. */
export function useNotificationPreferences() {
  const api = useApiClient();
  const email = useEmail();
  return useQuery({
    queryKey: notificationKeys.preferences(email),
    queryFn: async ({ signal }) =>
      unwrap(await api.get('/notifications/preferences', { schema: notificationPreferencesSchema, signal })),
    enabled: Boolean(email),
  });
}

/** PUT /notifications/preferences: the stored choices come back and replace the cached ones. */
export function useSaveNotificationPreferences() {
  const email = useEmail();
  return useApiMutation(
    (api, input: z.input<typeof notificationPreferencesInputSchema>) =>
      api.put<NotificationPreferences>('/notifications/preferences', input, {
        schema: notificationPreferencesSchema,
      }),
    (queryClient, result) => {
      if (result.ok) queryClient.setQueryData(notificationKeys.preferences(email), result.data);
      return undefined;
    },
  );
}
