import { ukLongDateTime } from '@client-portal/contract';
import type { Queries } from '../../db/kysely.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Settings } from '../../settings.js';
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

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

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
  const site = user.site_name ? `${receipt.siteNumber} ${user.site_name}` : receipt.siteNumber;
  const items = [
    `Ticket: ${receipt.ticketNumber}`,
    `Vehicle registration: ${receipt.vehicleRegistration}`,
    `Site: ${site}`,
    `Action: ${cancelled ? 'cancelled' : 'reduced'} on ${ukLongDateTime(receipt.at ?? new Date())}`,
  ];
  if (!cancelled && receipt.amountPence !== undefined)
    items.push(`Amount now due: ${pounds(receipt.amountPence)}`);
  const page = cancelled ? 'cancel' : 'reduce';
  const subject = `Ticket ${receipt.ticketNumber} ${cancelled ? 'cancelled' : 'reduced'}`;
  const intro = `This is your receipt: you ${cancelled ? 'cancelled' : 'reduced'} parking ticket ${receipt.ticketNumber}.`;
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
      notificationMail({
        to: mailTo[0]!,
        subject,
        intro: [intro],
        items,
        link: {
          label: cancelled ? 'Ticket cancellations' : 'Ticket reductions',
          url: `${ctx.settings.PUBLIC_URL}/tickets/${page}`,
        },
        why: 'You get this email because ticket action receipts are on for your account; turn the email off in your notification preferences.',
      }),
      { transaction: tx },
    );
    return true;
  });
}
