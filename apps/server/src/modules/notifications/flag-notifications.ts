import type { NotificationCategory } from '@client-portal/contract';
import type { Queries } from '../../db/kysely.js';
import { type AudienceRow, insertRecipients } from './audience.js';
import { flagMailQueries } from './flag-mail-repository.js';
import { insertNotification, publishDue } from './notifications-repository.js';

/**
 * Puts one of the flag mails (ticket receipt, permit-expiry digest, latest news) in its recipients'
 * notification centre, live at once, and answers the addresses that also want it by email: live,
 * confirmed recipients who have not turned the category off. The caller queues its own mail to them
 * in the same transaction `tx`, so that the notification and its mail exist together or not at all.
 */
export async function recordFlagNotification(
  tx: Queries,
  notification: {
    category: Exclude<NotificationCategory, 'Announcement'>;
    title: string;
    body: string;
    link: string;
  },
  audience: AudienceRow[],
): Promise<string[]> {
  const id = await insertNotification(
    tx,
    { ...notification, severity: 'information', email: false, sender: null },
    audience,
  );
  await insertRecipients(tx, id, audience, null);
  // Its NOTIFY reaches the live streams when the transaction commits.
  await publishDue(tx);
  const rows = await flagMailQueries.mailRecipients(tx, id, notification.category).execute();
  return rows.map((r) => r.email);
}
