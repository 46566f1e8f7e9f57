import {
  type CreatedWebhook,
  WEBHOOK_SUBSCRIPTIONS_MAX,
  type Webhook,
  type WebhookAttemptPage,
  type WebhookAttemptsPageQuery,
  type WebhookDeliveriesPageQuery,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookPage,
  type WebhooksPageQuery,
  webhookDisabledReasons,
  webhookEventTypes,
  type webhookInputSchema,
} from '@client-portal/contract';
import type { z } from 'zod';
import type { Queries } from '../../db/kysely.js';
import { conflict, FieldErrors, forbidden, notFound } from '../../plugins/problem.js';
import { type Principal, policy } from '../access/index.js';
import { recordAudit } from '../audit/index.js';
import type { JobEngine } from '../jobs/index.js';
import { roleViewer } from '../roles/index.js';
import { resolveWebhookHost } from './webhook-address.js';
import { deliveryJobId } from './webhook-jobs.js';
import { newWebhookSecret } from './webhook-signature.js';
import {
  findVisibleWebhook,
  pageAttempts,
  pageDeliveries,
  pageVisibleWebhooks,
  type WebhookDeliveryRow,
  type WebhookRow,
  webhooksQueries,
} from './webhooks-repository.js';

type WebhookInput = z.output<typeof webhookInputSchema>;

const eventTypeOf = (type: string) => webhookEventTypes.find((t) => t === type) ?? 'permit.added';
const reasonOf = (reason: string | null) => webhookDisabledReasons.find((r) => r === reason) ?? null;

/** One subscription as the API shows it: never its secret. */
function presentWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events.map(eventTypeOf),
    sites: row.sites,
    companyName: row.companyName,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    enabled: row.enabled,
    disabledReason: reasonOf(row.disabledReason),
    failingSince: row.failingSince,
    previousSecretUntil: row.previousSecretUntil,
  };
}

function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: eventTypeOf(row.eventType),
    status: row.status === 'succeeded' ? 'succeeded' : row.status === 'failed' ? 'failed' : 'pending',
    attempts: row.attempts,
    createdAt: row.createdAt,
    lastAttemptAt: row.lastAttemptAt,
    durationMs: row.durationMs,
    responseCode: row.responseCode,
    responseBody: row.responseBody,
    error: row.error,
  };
}

const actorOf = (principal: Principal) => ({ userId: principal.userId, email: principal.email });

export interface WebhookServiceContext {
  db: Queries;
  jobs: JobEngine;
  allowedHosts: readonly string[];
}

/**
 * A client manager's new subscription for their company: an http(s) URL that does not resolve to an
 * internal address, some event types, and some of the sites and groups where they act (none named:
 * all of theirs, as they are now). The secret is answered once; the creation is audited.
 */
export async function createWebhook(
  ctx: WebhookServiceContext,
  principal: Principal,
  input: WebhookInput,
): Promise<CreatedWebhook> {
  const viewer = await roleViewer(ctx.db, principal);
  if (!policy.mayCreateWebhooks(viewer)) {
    throw forbidden("Webhooks are set up by a client company's manager, for the sites of one company.");
  }
  const events = webhookEventTypes.filter((t) => input.events.includes(t));
  const asked = [...new Set(input.sites)].sort();
  const errors = new FieldErrors();
  const beyond = policy.webhookSitesBeyondCaller(principal, asked);
  if (beyond.length > 0)
    errors.add('sites', `These sites or groups are not assigned to you: ${beyond.join(', ')}.`);
  const resolved = await resolveWebhookHost(new URL(input.url), ctx.allowedHosts);
  if (!resolved.ok) {
    errors.add('url', `This address cannot receive webhooks: ${resolved.reason}.`);
  }
  errors.throwIfAny();
  const sites = asked.length > 0 ? asked : [...principal.access].sort();
  const secret = newWebhookSecret();
  const row = await ctx.db.transaction().execute(async (tx) => {
    const count = await webhooksQueries.countOfCompany(tx, viewer.companyId!).executeTakeFirst();
    if (Number(count?.total ?? 0) >= WEBHOOK_SUBSCRIPTIONS_MAX) {
      throw conflict(`A company has ${WEBHOOK_SUBSCRIPTIONS_MAX} webhooks at most: delete one first.`);
    }
    const { id } = await webhooksQueries
      .insert(tx, {
        companyId: viewer.companyId!,
        createdBy: principal.userId,
        url: input.url,
        events,
        sites,
        secret,
      })
      .executeTakeFirstOrThrow();
    await recordAudit(tx, {
      subject: actorOf(principal),
      actor: actorOf(principal),
      type: 'WebhookCreated',
      description: `Created a webhook to ${input.url} for ${events.join(', ')}`,
      details: { webhookId: id, url: input.url, events, sites },
    });
    return findVisibleWebhook(tx, viewer, id);
  });
  return { ...presentWebhook(row!), secret };
}

/** One page of the subscriptions the caller sees: their company's, or every one for the operator. */
export async function pageWebhooks(
  db: Queries,
  principal: Principal,
  query: WebhooksPageQuery,
): Promise<WebhookPage> {
  const viewer = await roleViewer(db, principal);
  const page = await pageVisibleWebhooks(db, viewer, query);
  return { ...page, rows: page.rows.map(presentWebhook) };
}

/** One subscription the caller sees (404 for any other). */
export async function getWebhook(db: Queries, principal: Principal, id: string): Promise<Webhook> {
  const viewer = await roleViewer(db, principal);
  const row = await findVisibleWebhook(db, viewer, id);
  if (!row) throw notFound('No such webhook.');
  return presentWebhook(row);
}

/** A change to a subscription the caller sees (404 for any other), audited in its transaction. */
async function changeWebhook<T>(
  db: Queries,
  principal: Principal,
  id: string,
  change: (
    tx: Queries,
    row: WebhookRow,
  ) => Promise<{ audit: { type: string; description: string } | null; answer: T }>,
): Promise<T> {
  const viewer = await roleViewer(db, principal);
  return db.transaction().execute(async (tx) => {
    const row = await findVisibleWebhook(tx, viewer, id, { forUpdate: true });
    if (!row) throw notFound('No such webhook.');
    const { audit, answer } = await change(tx, row);
    if (audit) {
      await recordAudit(tx, {
        subject: { userId: row.createdById, email: row.createdBy },
        actor: actorOf(principal),
        ...audit,
        details: { webhookId: id, url: row.url },
      });
    }
    return answer;
  });
}

/**
 * A new secret, answered once: it signs from now on, and the one before signs beside it for a day
 * (two `v1=` in the signature), so the receiver can change over without losing a delivery.
 */
export async function rotateWebhookSecret(
  db: Queries,
  principal: Principal,
  id: string,
): Promise<CreatedWebhook> {
  const viewer = await roleViewer(db, principal);
  const secret = newWebhookSecret();
  await changeWebhook(db, principal, id, async (tx, row) => {
    await webhooksQueries.rotate(tx, id, secret).execute();
    return {
      audit: { type: 'WebhookSecretRotated', description: `Rotated the secret of the webhook to ${row.url}` },
      answer: null,
    };
  });
  return { ...presentWebhook((await findVisibleWebhook(db, viewer, id))!), secret };
}

/** Turns a subscription on or off (turning it on starts a new count of failures). */
export async function setWebhookEnabled(
  db: Queries,
  principal: Principal,
  id: string,
  enabled: boolean,
): Promise<Webhook> {
  const viewer = await roleViewer(db, principal);
  await changeWebhook(db, principal, id, async (tx, row) => {
    if (row.enabled === enabled) return { audit: null, answer: null };
    await webhooksQueries.setEnabled(tx, id, enabled).execute();
    return {
      audit: enabled
        ? { type: 'WebhookEnabled', description: `Turned on the webhook to ${row.url}` }
        : { type: 'WebhookDisabled', description: `Turned off the webhook to ${row.url}` },
      answer: null,
    };
  });
  return presentWebhook((await findVisibleWebhook(db, viewer, id))!);
}

/** Deletes a subscription and its log. */
export async function deleteWebhook(db: Queries, principal: Principal, id: string): Promise<void> {
  await changeWebhook(db, principal, id, async (tx, row) => {
    await webhooksQueries.delete(tx, id).execute();
    return {
      audit: { type: 'WebhookDeleted', description: `Deleted the webhook to ${row.url}` },
      answer: null,
    };
  });
}

/** One page of a subscription's log (its 30 days), each delivery with its latest attempt. */
export async function pageWebhookDeliveries(
  db: Queries,
  principal: Principal,
  id: string,
  query: WebhookDeliveriesPageQuery,
): Promise<WebhookDeliveryPage> {
  const viewer = await roleViewer(db, principal);
  const row = await findVisibleWebhook(db, viewer, id);
  if (!row) throw notFound('No such webhook.');
  const page = await pageDeliveries(db, id, query);
  return { ...page, rows: page.rows.map(presentDelivery) };
}

/** One delivery of a subscription the caller sees. */
export async function getWebhookDelivery(
  db: Queries,
  principal: Principal,
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const viewer = await roleViewer(db, principal);
  if (!(await findVisibleWebhook(db, viewer, id))) throw notFound('No such webhook.');
  const delivery = await webhooksQueries.delivery(db, id, deliveryId).executeTakeFirst();
  if (!delivery) throw notFound('No such delivery.');
  return presentDelivery(delivery);
}

/** One page of a delivery's attempts (each send, retry and replay), newest first. */
export async function pageWebhookAttempts(
  db: Queries,
  principal: Principal,
  id: string,
  deliveryId: string,
  query: WebhookAttemptsPageQuery,
): Promise<WebhookAttemptPage> {
  await getWebhookDelivery(db, principal, id, deliveryId);
  const page = await pageAttempts(db, deliveryId, query);
  return {
    ...page,
    rows: page.rows.map((a) => ({ ...a, status: a.status === 'succeeded' ? 'succeeded' : 'failed' })),
  };
}

/**
 * Sends a delivery again, with the same delivery id (a receiver that keeps the ids it has seen can
 * tell): a job of its own, with the delivery's retries, whatever became of the earlier ones.
 */
export async function replayWebhookDelivery(
  ctx: WebhookServiceContext,
  principal: Principal,
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const replays = await changeWebhook(ctx.db, principal, id, async (tx, row) => {
    if (!row.enabled) throw conflict('This webhook is turned off: turn it on to replay its deliveries.');
    const replayed = await webhooksQueries.replay(tx, id, deliveryId).executeTakeFirst();
    if (!replayed) throw notFound('No such delivery.');
    await ctx.jobs.send(
      'webhooks.deliver',
      { deliveryId },
      { id: deliveryJobId(deliveryId, replayed.replays), transaction: tx },
    );
    return { audit: null, answer: replayed.replays };
  });
  // Queued in the transaction: sending it again adds nothing and wakes this process's workers now.
  await ctx.jobs.sendMany('webhooks.deliver', [
    { data: { deliveryId }, id: deliveryJobId(deliveryId, replays) },
  ]);
  const delivery = await webhooksQueries.delivery(ctx.db, id, deliveryId).executeTakeFirstOrThrow();
  return presentDelivery(delivery);
}
