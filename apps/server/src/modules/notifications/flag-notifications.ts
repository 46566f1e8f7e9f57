import type { NotificationCategory } from '@client-portal/contract';
import type { Queries } from '../../db/kysely.js';
import { type AudienceRow, insertRecipients } from './audience.js';
import { flagMailQueries } from './flag-mail-repository.js';
import { insertNotification, publishDue } from './notifications-repository.js';

/**
 * Puts one of the flag mails (ticket receipt, permit-expiry digest, latest news) in its recipients'
 * notification centre, live at once, and answers the addresses that also want it by email: live,
 * confirmed recipients who have not turned the category off. The caller sends its own mail to them.
 * `queries`: not a transaction (it runs its own).
 */
export async function recordFlagNotification(
  queries: Queries,
  notification: {
    category: Exclude<NotificationCategory, 'Announcement'>;
    title: string;
    body: string;
    link: string;
  },
  audience: AudienceRow[],
): Promise<string[]> {
  const id = await queries.transaction().execute(async (tx) => {
    const id = await insertNotification(
      tx,
      { ...notification, severity: 'information', email: false, sender: null },
      audience,
    );
    await insertRecipients(tx, id, audience, null);
    return id;
  });
  await publishDue(queries);
  const rows = await flagMailQueries.mailRecipients(queries, id, notification.category).execute();
  return rows.map((r) => r.email);
}
