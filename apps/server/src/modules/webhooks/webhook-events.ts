import type { WebhookEventType } from '@client-portal/contract';
import type { Queries } from '../../db/kysely.js';
import { webhooksQueries } from './webhooks-repository.js';

/** Events one statement writes at most. */
const CHUNK = 1000;

/**
 * Writes events to the webhooks' outbox (decision 45), inside the transaction of the change they
 * tell of: they exist if and only if the change commits. `targets`: the sites and site groups each
 * concerns (a group's sites are read now); `data`: the object as the API shows it. While no
 * subscription is on for the type, nothing is written.
 */
export async function recordWebhookEvents(
  tx: Queries,
  type: WebhookEventType,
  events: readonly { targets: readonly string[]; data: unknown }[],
): Promise<void> {
  if (events.length === 0) return;
  // No subscription hears of this type: nothing would be delivered, so nothing is written (a
  // subscription made later hears of later changes only, as it would anyway).
  if (!(await webhooksQueries.anyListening(tx, type).executeTakeFirst())) return;
  for (let i = 0; i < events.length; i += CHUNK) {
    await webhooksQueries.recordEvents(tx, type, events.slice(i, i + CHUNK)).execute();
  }
}

/** One event (see recordWebhookEvents). */
export async function recordWebhookEvent(
  tx: Queries,
  type: WebhookEventType,
  targets: readonly string[],
  data: unknown,
): Promise<void> {
  await recordWebhookEvents(tx, type, [{ targets, data }]);
}
