import { notificationMarkdownText, renderNotificationMarkdown } from '@client-portal/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queries } from '../../db/kysely.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Settings } from '../../settings.js';
import { notificationMail } from './notification-mail.js';
import { claimEmailRecipients, publishDue, readNotificationBody } from './notifications-repository.js';

export interface PublishContext {
  queries: Queries;
  mailer: Mailer;
  settings: Pick<Settings, 'PUBLIC_URL'>;
  log?: FastifyBaseLogger;
}

/** How often each process looks for scheduled notifications whose start has come. */
const PUBLISH_CHECK_MS = 1_000;

/**
 * Publishes the notifications whose start has come (the streams hear of them through NOTIFY) and
 * emails those marked for email to each recipient who has not turned their category off.
 */
export async function publishDueNotifications(ctx: PublishContext): Promise<number> {
  const published = await publishDue(ctx.queries);
  for (const n of published.filter((p) => p.email)) {
    const body = await readNotificationBody(ctx.queries, n.id);
    if (!body) continue;
    const recipients = await claimEmailRecipients(ctx.queries, n.id);
    for (const { email } of recipients) {
      const message = notificationMail({
        to: email,
        subject: `${body.severity === 'urgent' ? 'Urgent: ' : ''}${body.title.replace(/[\r\n]+/g, ' ')}`,
        intro: [notificationMarkdownText(body.body)],
        introHtml: renderNotificationMarkdown(body.body),
        link: { label: 'Open your notifications', url: `${ctx.settings.PUBLIC_URL}/notifications` },
        why: 'You get this email because announcements emails are on in your notification preferences.',
      });
      await ctx.mailer
        .send(message)
        .catch((err: unknown) => ctx.log?.error({ err, to: email }, 'notification email not sent'));
    }
  }
  return published.length;
}

/** Every process checks each second for scheduled notifications whose start has come. */
export const notificationPublishSchedule = fp(async (app: FastifyInstance) => {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    publishDueNotifications({
      queries: app.database.kysely,
      mailer: app.mailer,
      settings: app.settings,
      log: app.log,
    })
      .catch((err: unknown) => app.log.error({ err }, 'publishing notifications failed'))
      .finally(() => {
        running = false;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, PUBLISH_CHECK_MS).unref();
  });
  app.addHook('preClose', async () => clearInterval(timer));
});
