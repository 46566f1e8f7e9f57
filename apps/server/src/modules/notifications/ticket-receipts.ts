import { ukLongDateTime } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectRows } from '../../db/rows.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Settings } from '../../settings.js';
import { notificationMail } from './notification-mail.js';

export const TICKET_RECEIPTS_FLAG = 'TicketActionReceipts';

export interface NotificationContext {
  db: Db;
  mailer: Mailer;
  settings: Pick<Settings, 'PUBLIC_URL'>;
}

export interface TicketActionReceipt {
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
 * has the TicketActionReceipts flag. Call it after the action's transaction has committed.
 * Returns whether a receipt was sent.
 */
export async function sendTicketActionReceipt(ctx: NotificationContext, receipt: TicketActionReceipt) {
  const [user] = await selectRows<{ email: string; site_name: string | null }>(
    ctx.db,
    sql`select u.email, (select name from sites where site_number = ${receipt.siteNumber}) as site_name
        from users u join user_flags f on f.user_id = u.id and f.flag = ${TICKET_RECEIPTS_FLAG}
        where u.id = ${receipt.userId} and u.removed_at is null`,
  );
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
  await ctx.mailer.send(
    notificationMail({
      to: user.email,
      subject: `Ticket ${receipt.ticketNumber} ${cancelled ? 'cancelled' : 'reduced'}`,
      intro: [
        `This is your receipt: you ${cancelled ? 'cancelled' : 'reduced'} parking ticket ${receipt.ticketNumber}.`,
      ],
      items,
      link: {
        label: cancelled ? 'Ticket cancellations' : 'Ticket reductions',
        url: `${ctx.settings.PUBLIC_URL}/tickets/${page}`,
      },
      why: 'You get this e-mail because ticket action receipts are on for your account; an administrator can turn them off.',
    }),
  );
  return true;
}
