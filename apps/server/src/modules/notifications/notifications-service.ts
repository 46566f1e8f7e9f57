import {
  type NotificationCategory,
  type NotificationPreferences,
  notificationCategories,
  notificationCategoryLabels,
  type notificationInputSchema,
  type SentNotification,
} from '@client-portal/contract';
import type { z } from 'zod';
import type { Queries } from '../../db/kysely.js';
import { notFound } from '../../plugins/problem.js';
import type { Principal } from '../access/index.js';
import { recordAudit } from '../audit/index.js';
import { type JobEngine, jobIdOf } from '../jobs/index.js';
import { checkAudience, insertRecipients } from './audience.js';
import { insertNotification } from './notifications-repository.js';
import { type PublishContext, publishDueNotifications } from './publish.js';
import { findSent, readPreferences, withdraw, writePreference } from './sent-repository.js';

type Input = z.output<typeof notificationInputSchema>;

/** What a send needs: the typed handle, the mailer and where the portal is. */
export type SendContext = PublishContext & { jobs: JobEngine };

/**
 * Sends a notification from the send page: the audience checked against the sender's reach (tenant
 * rule), its recipients resolved and stored with it, the send audited, all in one transaction; then
 * published at once when its start has come (else by the schedule, see publish.ts).
 */
export async function sendNotification(
  ctx: SendContext,
  sender: Principal,
  input: Input,
): Promise<SentNotification> {
  const audience = await checkAudience(ctx.queries, sender, input.audience);
  const actor = { userId: sender.userId, email: sender.email };
  const id = await ctx.queries.transaction().execute(async (queries) => {
    const id = await insertNotification(
      queries,
      {
        category: 'Announcement',
        title: input.title,
        body: input.body,
        severity: input.severity,
        email: input.email,
        sender: actor,
        startsAt: input.startsAt ? new Date(input.startsAt) : undefined,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      },
      audience,
    );
    const reached = await insertRecipients(queries, id, audience, sender);
    await recordAudit(queries, {
      subject: actor,
      actor,
      type: 'NotificationSent',
      description: `Sent the ${input.severity} notification "${input.title}" to ${reached} ${reached === 1 ? 'user' : 'users'}`,
      details: {
        notificationId: id,
        audience: input.audience,
        startsAt: input.startsAt ?? null,
        email: input.email,
      },
    });
    return id;
  });
  await publishDueNotifications(ctx);
  // One for later is published by a job of its own at its start (the minute cron is the backstop).
  if (input.startsAt && new Date(input.startsAt).getTime() > Date.now()) {
    await ctx.jobs.send(
      'notifications.publish-due',
      {},
      { id: jobIdOf('notification-start', String(id)), startAfter: new Date(input.startsAt) },
    );
  }
  const sent = await findSent(ctx.queries, sender, String(id));
  return sent!;
}

export async function withdrawNotification(
  db: Queries,
  sender: Principal,
  id: string,
): Promise<SentNotification> {
  const actor = { userId: sender.userId, email: sender.email };
  await db.transaction().execute(async (queries) => {
    const withdrawn = await withdraw(queries, sender, id);
    if (!withdrawn) {
      // Already withdrawn answers the same as before; anything else out of reach is 404.
      if (await findSent(queries, sender, id)) return;
      throw notFound('The notification was not found.');
    }
    await recordAudit(queries, {
      subject: actor,
      actor,
      type: 'NotificationWithdrawn',
      description: `Withdrew the notification "${withdrawn.title}"`,
      details: { notificationId: id },
    });
  });
  return (await findSent(db, sender, id))!;
}

export async function loadPreferences(db: Queries, userId: string): Promise<NotificationPreferences> {
  const stored = await readPreferences(db, userId);
  const email = Object.fromEntries(
    notificationCategories.map((c) => [c, stored.find((p) => p.category === c)?.email ?? true]),
  ) as Record<NotificationCategory, boolean>;
  return { email };
}

/** Stores the user's email choices; each one that changes is audited. */
export async function savePreferences(
  db: Queries,
  principal: Principal,
  email: Partial<Record<NotificationCategory, boolean>>,
): Promise<NotificationPreferences> {
  const actor = { userId: principal.userId, email: principal.email };
  await db.transaction().execute(async (queries) => {
    const before = await loadPreferences(queries, principal.userId);
    for (const category of notificationCategories) {
      const wanted = email[category];
      if (wanted === undefined || wanted === before.email[category]) continue;
      await writePreference(queries, principal.userId, category, wanted);
      const name = notificationCategoryLabels[category].name;
      await recordAudit(queries, {
        subject: actor,
        actor,
        type: 'NotificationPreferenceChanged',
        description: `${wanted ? 'Turned on' : 'Turned off'} emails for ${name}`,
        details: { category, email: wanted },
      });
    }
  });
  return loadPreferences(db, principal.userId);
}
