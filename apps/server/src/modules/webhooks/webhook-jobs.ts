import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Queries } from '../../db/kysely.js';
import { inRecipientLanguage } from '../../plugins/bilingual-mail.js';
import { languageOfAddress } from '../identity/index.js';
import { type JobEngine, jobIdOf } from '../jobs/index.js';
import { resolveWebhookHost } from './webhook-address.js';
import { webhookTurnedOffMail } from './webhook-mail.js';
import { postWebhook, type SendOutcome } from './webhook-sender.js';
import { signatureHeader } from './webhook-signature.js';
import { webhooksQueries } from './webhooks-repository.js';

/** Events one dispatch claims at a time. */
const DISPATCH_BATCH = 200;
/** The NOTIFY channel the outbox's trigger speaks on (migration 0024). */
const EVENTS_CHANNEL = 'webhook_events';

const deliveryJob = z.object({ deliveryId: z.uuid() });

/** The job that sends one delivery (attempt `replay` of it: 0 first, then one per replay). */
export const deliveryJobId = (deliveryId: string, replay: number) =>
  jobIdOf('webhooks.deliver', deliveryId, String(replay));

/**
 * Turns the outbox's new events into deliveries: one per subscription that hears of each, and a
 * delivery job for each, queued in the same transaction that marks the events dispatched (so an event
 * is dispatched once, whatever crashes). Runs until the outbox is empty.
 */
export async function dispatchWebhookEvents(db: Queries, jobs: JobEngine): Promise<number> {
  let total = 0;
  for (;;) {
    const queued = await db.transaction().execute(async (tx) => {
      const events = await webhooksQueries.claimUndispatched(tx, DISPATCH_BATCH).execute();
      if (events.length === 0) return null;
      const ids = events.map((e) => e.id);
      const deliveries = await webhooksQueries.insertDeliveries(tx, ids).execute();
      const sent = deliveries.map((d) => ({ data: { deliveryId: d.id }, id: deliveryJobId(d.id, 0) }));
      for (const job of sent) {
        await jobs.send('webhooks.deliver', job.data, { id: job.id, transaction: tx });
      }
      await webhooksQueries.markDispatched(tx, ids).execute();
      return sent;
    });
    if (queued === null) return total;
    // The jobs are queued already: sending them again adds none, and wakes this process's workers now.
    if (queued.length > 0) await jobs.sendMany('webhooks.deliver', queued);
    total += queued.length;
  }
}

interface DeliveryContext {
  db: Queries;
  mailer: FastifyInstance['mailer'];
  allowedHosts: readonly string[];
  publicUrl: string | undefined;
}

/** Why an attempt failed before anything was sent (a refused address). */
const refusedOutcome = (error: string): SendOutcome => ({
  ok: false,
  durationMs: 0,
  responseCode: null,
  responseBody: null,
  error,
});

/**
 * One attempt at one delivery: the event's body, signed now with the subscription's secret (and the
 * previous one, the day after a rotation), posted to the URL's checked address. The outcome is the
 * log's; a failure counts toward the subscription's day of failures and throws, so that the job
 * engine tries again with its backoff. A delivery of a subscription turned off or deleted is dropped.
 */
export async function deliverWebhook(ctx: DeliveryContext, deliveryId: string): Promise<void> {
  const delivery = await webhooksQueries.toSend(ctx.db, deliveryId).executeTakeFirst();
  if (!delivery?.enabled || delivery.status === 'succeeded') return;
  const body = JSON.stringify({
    id: delivery.eventId,
    type: delivery.type,
    occurredAt: delivery.occurredAt,
    data: typeof delivery.data === 'string' ? JSON.parse(delivery.data) : delivery.data,
  });
  const url = new URL(delivery.url);
  const resolved = await resolveWebhookHost(url, ctx.allowedHosts);
  let outcome: SendOutcome;
  if (resolved.ok) {
    const secrets = [delivery.secret, ...(delivery.previousSecret ? [delivery.previousSecret] : [])];
    const headers = {
      'x-clientportal-delivery': delivery.id,
      'webhook-id': delivery.id,
      'x-clientportal-event': delivery.type,
      'x-clientportal-signature': signatureHeader(secrets, Math.floor(Date.now() / 1000), body),
    };
    outcome = await postWebhook(url, resolved.pinned, headers, body);
  } else {
    outcome = refusedOutcome(`Not sent: ${resolved.reason}`);
  }

  const turnedOff = await ctx.db.transaction().execute(async (tx) => {
    const attempt = {
      status: outcome.ok ? ('succeeded' as const) : ('failed' as const),
      durationMs: outcome.durationMs,
      responseCode: outcome.responseCode,
      responseBody: outcome.responseBody,
      error: outcome.error,
    };
    // The delivery shows its latest attempt; the attempts table keeps each one (decision 51).
    await webhooksQueries.recordAttempt(tx, deliveryId, attempt).execute();
    await webhooksQueries.insertAttempt(tx, deliveryId, attempt).execute();
    if (outcome.ok) {
      await webhooksQueries.noteSuccess(tx, delivery.subscriptionId).execute();
      return false;
    }
    const failing = await webhooksQueries.noteFailure(tx, delivery.subscriptionId).executeTakeFirst();
    if (!failing?.failedADay) return false;
    const off = await webhooksQueries.turnOffFailing(tx, delivery.subscriptionId).executeTakeFirst();
    if (off) {
      const screen = ctx.publicUrl ? `${ctx.publicUrl.replace(/\/$/, '')}/admin/webhooks` : undefined;
      const language = await languageOfAddress(tx, off.ownerEmail);
      await ctx.mailer.send(
        inRecipientLanguage(language, (l) => webhookTurnedOffMail(off.ownerEmail, off.url, screen, l)),
        {
          transaction: tx,
        },
      );
    }
    return true;
  });
  // Failed: the job engine tries again later, unless the subscription has just been turned off.
  if (!outcome.ok && !turnedOff) throw new Error(`Webhook delivery ${deliveryId} failed: ${outcome.error}`);
}

/**
 * The webhooks' background work (decision 45): the dispatcher, the deliveries and the daily prune of
 * the log. The dispatcher is woken by the outbox's NOTIFY (`listen`, called once the job engine has
 * started in a process that runs jobs), and each minute by cron in case a wake-up was lost.
 */
export function webhookJobs(app: FastifyInstance): { listen(): Promise<void> } {
  const { jobs } = app;
  const db = app.database.kysely;
  /** When this process queued a dispatch that has not started yet (null: none waiting). */
  let dispatchQueuedAt: number | null = null;
  let listening: { stop(): Promise<void> } | null = null;

  jobs.handle('webhooks.dispatch', z.object({}).loose(), async () => {
    dispatchQueuedAt = null;
    await dispatchWebhookEvents(db, jobs);
  });
  jobs.handle(
    'webhooks.deliver',
    deliveryJob,
    async ({ deliveryId }) =>
      deliverWebhook(
        {
          db,
          mailer: app.mailer,
          allowedHosts: app.settings.WEBHOOK_ALLOWED_INTERNAL_HOSTS,
          publicUrl: app.settings.PUBLIC_URL,
        },
        deliveryId,
      ),
    { concurrency: 8 },
  );
  jobs.handle('webhooks.prune', z.object({}).loose(), async () => {
    await webhooksQueries.prune(db).execute();
  });
  app.addHook('onClose', async () => {
    await listening?.stop();
  });

  // One dispatch job waiting is enough however many events arrive meanwhile; one queued more than a
  // few seconds ago that has not started is taken as lost, and queued again.
  const wake = () => {
    if (dispatchQueuedAt !== null && Date.now() - dispatchQueuedAt < 5_000) return;
    dispatchQueuedAt = Date.now();
    jobs.send('webhooks.dispatch', {}).catch((err: unknown) => {
      dispatchQueuedAt = null;
      app.log.warn({ err }, 'could not queue the webhook dispatch; the minute’s cron will');
    });
  };
  return {
    async listen() {
      listening = await app.database.listen(EVENTS_CHANNEL, {
        onNotify: wake,
        onListening: wake,
        onLost: () => {},
      });
    },
  };
}
