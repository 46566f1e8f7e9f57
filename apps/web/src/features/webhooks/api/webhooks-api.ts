import {
  type CreatedWebhook,
  createdWebhookSchema,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookInput,
  type WebhookList,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
} from '@client-portal/contract';
import { useQuery } from '@tanstack/react-query';
import { type ApiClient, type ApiResult, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useApiMutation } from '../../../lib/api-mutation';
import { webhookKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

const path = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

/** GET /webhooks: the subscriptions the caller sees, newest first. */
function fetchWebhooks(api: ApiClient, signal?: AbortSignal): Promise<WebhookList> {
  return api.get('/webhooks', { signal, schema: webhookListSchema }).then(unwrap);
}

export function useWebhooks() {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  return useQuery({
    queryKey: webhookKeys.list(email),
    queryFn: ({ signal }) => fetchWebhooks(api, signal),
  });
}

/** GET /webhooks/{id}/deliveries: the newest hundred deliveries. */
function fetchDeliveries(api: ApiClient, id: string, signal?: AbortSignal): Promise<WebhookDeliveryList> {
  return api.get(`${path(id)}/deliveries`, { signal, schema: webhookDeliveryListSchema }).then(unwrap);
}

export function useWebhookDeliveries(id: string) {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  return useQuery({
    queryKey: webhookKeys.deliveries(email, id),
    queryFn: ({ signal }) => fetchDeliveries(api, id, signal),
    retry: false,
  });
}

/** POST /webhooks: the answer holds the secret, shown this once. */
function addWebhook(api: ApiClient, body: WebhookInput): Promise<ApiResult<CreatedWebhook>> {
  return api.post('/webhooks', body, { schema: createdWebhookSchema });
}

export function useAddWebhook() {
  return useApiMutation(addWebhook, (queryClient, result) =>
    result.ok ? queryClient.invalidateQueries({ queryKey: webhookKeys.all }) : undefined,
  );
}

/** POST /webhooks/{id}/rotate-secret: the new secret, shown this once. */
function rotateSecret(api: ApiClient, id: string): Promise<ApiResult<CreatedWebhook>> {
  return api.post(`${path(id)}/rotate-secret`, undefined, { schema: createdWebhookSchema });
}

export function useRotateWebhookSecret() {
  return useApiMutation(rotateSecret, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  );
}

/** PATCH /webhooks/{id}: on or off. */
function setEnabled(api: ApiClient, change: { id: string; enabled: boolean }): Promise<ApiResult<Webhook>> {
  return api.request(path(change.id), {
    method: 'PATCH',
    body: { enabled: change.enabled },
    schema: webhookSchema,
  });
}

export function useSetWebhookEnabled() {
  return useApiMutation(setEnabled, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  );
}

/** DELETE /webhooks/{id} */
function deleteWebhook(api: ApiClient, id: string): Promise<ApiResult<unknown>> {
  return api.delete(path(id));
}

export function useDeleteWebhook() {
  return useApiMutation(deleteWebhook, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  );
}

/** POST /webhooks/{id}/deliveries/{deliveryId}/replay */
function replay(
  api: ApiClient,
  ids: { id: string; deliveryId: string },
): Promise<ApiResult<WebhookDelivery>> {
  return api.post(`${path(ids.id)}/deliveries/${encodeURIComponent(ids.deliveryId)}/replay`, undefined, {
    schema: webhookDeliverySchema,
  });
}

export function useReplayDelivery() {
  return useApiMutation(replay, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  );
}
