import { notificationMarkdownText, renderNotificationMarkdown } from '@client-portal/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Queries } from '../../db/kysely.js';
import { translatorFor } from '../../i18n/index.js';
import { inRecipientLanguage } from '../../plugins/bilingual-mail.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Settings } from '../../settings.js';
import { languageOfAddress } from '../identity/index.js';
import { notificationMail } from './notification-mail.js';
import { claimEmailRecipients, publishDue, readNotificationBody } from './notifications-repository.js';

export interface PublishContext {
  queries: Queries;
  mailer: Mailer;
  settings: Pick<Settings, 'PUBLIC_URL'>;
  log?: FastifyBaseLogger;
}

/**
 * Publishes the notifications whose start has come (the streams hear of them through NOTIFY) and
 * emails those marked for email to each recipient who has not turned their category off.
 */
export async function publishDueNotifications(ctx: PublishContext): Promise<number> {
  const published = await publishDue(ctx.queries);
  for (const n of published.filter((p) => p.email)) {
    const body = await readNotificationBody(ctx.queries, n.id);
    if (!body) continue;
    // The recipients are claimed and their mails queued together: each gets it once, or all wait.
    await ctx.queries.transaction().execute(async (tx) => {
      for (const { email } of await claimEmailRecipients(tx, n.id)) {
        // The announcement is the operator's words; the mail's own are in the recipient's language.
        const title = body.title.replace(/[\r\n]+/g, ' ');
        const message = inRecipientLanguage(await languageOfAddress(tx, email), (language) => {
          const t = translatorFor(language);
          return notificationMail({
            language,
            to: email,
            subject: body.severity === 'urgent' ? t('mail.notifications.urgent', { title }) : title,
            intro: [notificationMarkdownText(body.body)],
            introHtml: renderNotificationMarkdown(body.body),
            link: { label: t('mail.notifications.open'), url: `${ctx.settings.PUBLIC_URL}/notifications` },
            why: t('mail.notifications.whyAnnouncements'),
          });
        });
        await ctx.mailer.send(message, { transaction: tx });
      }
    });
  }
  return published.length;
}

/**
 * Publishing as a job: the cron schedule runs it every minute (modules/jobs/job-kinds.ts), and each
 * notification scheduled for later has a job of its own at its start (notifications-service.ts).
 */
export function notificationPublishJobs(app: FastifyInstance): void {
  app.jobs.handle('notifications.publish-due', z.object({}).loose(), async () => {
    await publishDueNotifications({
      queries: app.database.kysely,
      mailer: app.mailer,
      settings: app.settings,
    });
  });
}
