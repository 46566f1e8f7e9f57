import {
  type CreatedWebhook,
  createdWebhookSchema,
  type PageQuery,
  type Webhook,
  type WebhookAttemptPage,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookInput,
  type WebhookPage,
  webhookAttemptPageSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookPageSchema,
  webhookSchema,
} from '@client-portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiClient, type ApiResult, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useApiMutation } from '../../../lib/api-mutation';
import { webhookKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

const path = (id: string) => `/webhooks/${encodeURIComponent(id)}`;
const deliveryPath = (id: string, deliveryId: string) =>
  `${path(id)}/deliveries/${encodeURIComponent(deliveryId)}`;

/** What each of the webhooks' lists asks the server for: its order and page (decision 28). */
export type WebhookPageRequest = Pick<PageQuery, 'sort' | 'direction' | 'after' | 'before' | 'skip'>;
const pageQuery = (request: WebhookPageRequest) => ({
  sort: request.sort,
  direction: request.direction,
  after: request.after,
  before: request.before,
  skip: request.skip || undefined,
});

function useEmail() {
  const session = useSession();
  return session.isAuthenticated ? session.account.email : '';
}

/** GET /webhooks: one page of the subscriptions the caller sees, newest first. */
export function useWebhooks(request: WebhookPageRequest) {
  const api = useApiClient();
  const email = useEmail();
  return useQuery({
    queryKey: webhookKeys.list(email, request),
    queryFn: ({ signal }): Promise<WebhookPage> =>
      api.get('/webhooks', { signal, schema: webhookPageSchema, query: pageQuery(request) }).then(unwrap),
    placeholderData: keepPreviousData,
  });
}

/** GET /webhooks/{id}: the one subscription a log belongs to. */
export function useWebhook(id: string) {
  const api = useApiClient();
  const email = useEmail();
  return useQuery({
    queryKey: webhookKeys.one(email, id),
    queryFn: ({ signal }): Promise<Webhook> =>
      api.get(path(id), { signal, schema: webhookSchema }).then(unwrap),
    retry: false,
  });
}

/** GET /webhooks/{id}/deliveries: one page of the log (its 30 days), newest first. */
export function useWebhookDeliveries(id: string, request: WebhookPageRequest) {
  const api = useApiClient();
  const email = useEmail();
  return useQuery({
    queryKey: webhookKeys.deliveries(email, id, request),
    queryFn: ({ signal }): Promise<WebhookDeliveryPage> =>
      api
        .get(`${path(id)}/deliveries`, {
          signal,
          schema: webhookDeliveryPageSchema,
          query: pageQuery(request),
        })
        .then(unwrap),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /webhooks/{id}/deliveries/{deliveryId}: one delivery, its latest attempt. */
export function useWebhookDelivery(id: string, deliveryId: string) {
  const api = useApiClient();
  const email = useEmail();
  return useQuery({
    queryKey: webhookKeys.delivery(email, id, deliveryId),
    queryFn: ({ signal }): Promise<WebhookDelivery> =>
      api.get(deliveryPath(id, deliveryId), { signal, schema: webhookDeliverySchema }).then(unwrap),
    retry: false,
  });
}

/** GET /webhooks/{id}/deliveries/{deliveryId}/attempts: one page of its attempts, newest first. */
export function useWebhookAttempts(id: string, deliveryId: string, request: WebhookPageRequest) {
  const api = useApiClient();
  const email = useEmail();
  return useQuery({
    queryKey: webhookKeys.attempts(email, id, deliveryId, request),
    queryFn: ({ signal }): Promise<WebhookAttemptPage> =>
      api
        .get(`${deliveryPath(id, deliveryId)}/attempts`, {
          signal,
          schema: webhookAttemptPageSchema,
          query: pageQuery(request),
        })
        .then(unwrap),
    placeholderData: keepPreviousData,
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
  return api.post(`${deliveryPath(ids.id, ids.deliveryId)}/replay`, undefined, {
    schema: webhookDeliverySchema,
  });
}

export function useReplayDelivery() {
  return useApiMutation(replay, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  );
}
