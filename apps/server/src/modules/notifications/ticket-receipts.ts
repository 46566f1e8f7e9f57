import { formatMoneyIn, type Language, ukLongDateTime } from '@client-portal/contract';
import type { Queries } from '../../db/kysely.js';
import { translatorFor } from '../../i18n/index.js';
import { inRecipientLanguage } from '../../plugins/bilingual-mail.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Settings } from '../../settings.js';
import { languageOfUser, mailLanguageOfUser } from '../identity/index.js';
import { flagMailQueries } from './flag-mail-repository.js';
import { recordFlagNotification } from './flag-notifications.js';
import { notificationMail } from './notification-mail.js';

const TICKET_RECEIPTS_FLAG = 'TicketActionReceipts';

export interface NotificationContext {
  /** Not a transaction: the notification and its mail are recorded in one of their own. */
  db: Queries;
  mailer: Mailer;
  settings: Pick<Settings, 'PUBLIC_URL'>;
}

interface TicketActionReceipt {
  userId: string;
  ticketNumber: string;
  action: 'Cancel' | 'Pay';
  siteNumber: string;
  vehicleRegistration: string;
  /** The amount now due after a reduction, in pence. */
  amountPence?: number;
  at?: Date;
}

/**
 * Mails the acting user a receipt for a ticket they cancelled or reduced, only when their account
 * has the TicketActionReceipts flag; the receipt also lands in their notification centre, and is
 * emailed unless they turned that category's email off. Call it after the action's transaction
 * has committed. Returns whether a receipt was emailed.
 */
export async function sendTicketActionReceipt(ctx: NotificationContext, receipt: TicketActionReceipt) {
  const user = await flagMailQueries
    .flaggedUserAtSite(ctx.db, receipt.userId, TICKET_RECEIPTS_FLAG, receipt.siteNumber)
    .executeTakeFirst();
  if (!user) return false;
  const cancelled = receipt.action === 'Cancel';
  const done = cancelled ? 'cancelled' : 'reduced';
  const site = user.site_name ? `${receipt.siteNumber} ${user.site_name}` : receipt.siteNumber;
  const page = cancelled ? 'cancel' : 'reduce';
  const wordsIn = (language: Language) => {
    const t = translatorFor(language);
    const items: string[] = [
      t('mail.tickets.ticket', { value: receipt.ticketNumber }),
      t('mail.tickets.registration', { value: receipt.vehicleRegistration }),
      t('mail.tickets.site', { value: site }),
      t(`mail.tickets.action_${done}`, { when: ukLongDateTime(receipt.at ?? new Date(), language) }),
    ];
    if (!cancelled && receipt.amountPence !== undefined)
      items.push(t('mail.tickets.due', { amount: formatMoneyIn(language, receipt.amountPence / 100) }));
    const subject = t(`mail.tickets.subject_${done}`, { ticket: receipt.ticketNumber });
    const intro = t(`mail.tickets.intro_${done}`, { ticket: receipt.ticketNumber });
    return { t, items, subject, intro };
  };
  // The notification centre's copy in the user's language (English while never asked); the mail in
  // theirs, or in both while it is not recorded (decision 53).
  const { subject, intro, items } = wordsIn(await languageOfUser(ctx.db, receipt.userId));
  const mailLanguage = await mailLanguageOfUser(ctx.db, receipt.userId);
  return ctx.db.transaction().execute(async (tx) => {
    const mailTo = await recordFlagNotification(
      tx,
      {
        category: 'TicketActionReceipts',
        title: subject,
        body: [intro, items.map((i) => `- ${i}`).join('\n')].join('\n\n'),
        link: `/tickets/${page}`,
      },
      [{ kind: 'user', value: receipt.userId }],
    );
    if (mailTo.length === 0) return false;
    await ctx.mailer.send(
      inRecipientLanguage(mailLanguage, (language) => {
        const words = wordsIn(language);
        return notificationMail({
          language,
          to: mailTo[0]!,
          subject: words.subject,
          intro: [words.intro],
          items: words.items,
          link: {
            label: words.t(`mail.tickets.link_${done}`),
            url: `${ctx.settings.PUBLIC_URL}/tickets/${page}`,
          },
          why: words.t('mail.tickets.why'),
        });
      }),
      { transaction: tx },
    );
    return true;
  });
}
