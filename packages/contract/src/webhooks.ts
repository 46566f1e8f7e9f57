import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './paging.js';
import { ruleIssue, text, typeRule } from './rules.js';
import { siteOrGroupNumberSchema } from './sites.js';

/**
 * Webhooks (issue 26, decision 45): a client manager's URL told of their company's events, each
 * delivery signed `X-ClientPortal-Signature: t=<unix time>,v1=<hex HMAC-SHA256 of "t.body">`.
 */
export const webhookEventTypes = [
  'permit.added',
  'permit.edited',
  'permit.expired',
  'permit.cancelled',
  'ticket.cancelled',
  'ticket.reduced',
  'visitor.registered',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const WEBHOOK_URL_MAX = 2000;
/** A company's subscriptions at most. */
export const WEBHOOK_SUBSCRIPTIONS_MAX = 25;
/** The secret's recognisable start. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_SIGNATURE_HEADER = 'X-ClientPortal-Signature';
export const WEBHOOK_DELIVERY_HEADER = 'X-ClientPortal-Delivery';
export const WEBHOOK_EVENT_HEADER = 'X-ClientPortal-Event';

const isWebUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
    );
  } catch {
    return false;
  }
};

/**
 * POST /webhooks: an http(s) URL (`url` when not one, or when it carries a user name), one or more
 * event types (`required`, `oneOf`) and the sites it hears of: none listed means every site of the
 * company. Where the URL resolves and that the sites are the caller's is the server's check.
 */
export const webhookInputSchema = z.object({
  url: text()
    .trim()
    .min(1, 'required')
    .max(WEBHOOK_URL_MAX, 'maxLength')
    .refine((v) => v === '' || isWebUrl(v), 'url'),
  events: z
    .array(z.enum(webhookEventTypes, 'oneOf'), typeRule)
    .min(1, 'required')
    .max(webhookEventTypes.length),
  sites: z.array(siteOrGroupNumberSchema, typeRule).max(500, 'tooLarge'),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;

/** Why a subscription is off: turned off by a person, or by a day of failed deliveries. */
export const webhookDisabledReasons = ['manual', 'failing'] as const;

/** One subscription as the list shows it: never its secret. */
export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  /** Empty: every site of the company. */
  sites: z.array(z.string()),
  companyName: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  enabled: z.boolean(),
  disabledReason: z.enum(webhookDisabledReasons).nullable(),
  /** The first failure since the last success, while deliveries fail. */
  failingSince: z.string().nullable(),
  /** Until when the secret before the last rotation still signs (beside the new one). */
  previousSecretUntil: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** POST /webhooks and its secret's rotation answer the secret once, beside what the list shows. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

/** GET /webhooks: newest first (or oldest first, `direction=asc`), a page at a time (decision 51). */
export const webhooksPageQuerySchema = pageQuerySchema(['createdAt']);
export type WebhooksPageQuery = z.output<typeof webhooksPageQuerySchema>;

export const webhookPageSchema = pageSchema(webhookSchema);
export type WebhookPage = z.infer<typeof webhookPageSchema>;

/** PATCH /webhooks/{id}: turns the subscription on or off. */
export const webhookUpdateSchema = z.object({ enabled: z.boolean(typeRule) });

export const webhookIdParamsSchema = z.object({ id: z.uuid('No such webhook.') });
export const webhookDeliveryParamsSchema = z.object({
  id: z.uuid('No such webhook.'),
  deliveryId: z.uuid('No such delivery.'),
});

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;

/** One delivery of one event to one subscription: its latest attempt (kept 30 days; every attempt below). */
export const webhookDeliverySchema = z.object({
  /** The delivery id the receiver sees in X-ClientPortal-Delivery, the same on every retry and replay. */
  id: z.string(),
  eventId: z.string(),
  eventType: z.enum(webhookEventTypes),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  responseCode: z.number().int().nullable(),
  /** The first 2 KB of the receiver's answer. */
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** GET /webhooks/{id}/deliveries: every delivery of the 30 days kept, newest first, a page at a time. */
export const webhookDeliveriesPageQuerySchema = pageQuerySchema(['createdAt']);
export type WebhookDeliveriesPageQuery = z.output<typeof webhookDeliveriesPageQuerySchema>;

export const webhookDeliveryPageSchema = pageSchema(webhookDeliverySchema);
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

/** One attempt at a delivery (the first send, a retry or a replay): what became of it. */
export const webhookAttemptSchema = z.object({
  id: z.string(),
  attemptedAt: z.string(),
  status: z.enum(['succeeded', 'failed']),
  durationMs: z.number().int(),
  responseCode: z.number().int().nullable(),
  /** The first 2 KB of the receiver's answer. */
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** GET /webhooks/{id}/deliveries/{deliveryId}/attempts: newest first, a page at a time. */
export const webhookAttemptsPageQuerySchema = pageQuerySchema(['attemptedAt']);
export type WebhookAttemptsPageQuery = z.output<typeof webhookAttemptsPageQuerySchema>;

export const webhookAttemptPageSchema = pageSchema(webhookAttemptSchema);
export type WebhookAttemptPage = z.infer<typeof webhookAttemptPageSchema>;

/** The body every delivery posts. */
export interface WebhookBody {
  id: string;
  type: WebhookEventType;
  occurredAt: string;
  data: unknown;
}

/** `url`'s issue when a URL names a host that is not allowed (the server's check after a DNS lookup). */
export const webhookUrlRefused = (reason: string) => ruleIssue(['url'], 'notAllowed', { reason });
