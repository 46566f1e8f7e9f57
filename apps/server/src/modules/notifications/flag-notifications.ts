import type { NotificationCategory } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type RowOf, selectRows } from '../../db/rows.js';
import type { users } from '../../db/schema.js';
import { type AudienceRow, insertRecipients } from './audience.js';
import { insertNotification, publishDue } from './notifications-repository.js';

/**
 * Puts one of the flag mails (ticket receipt, permit-expiry digest, latest news) in its recipients'
 * notification centre, live at once, and answers the addresses that also want it by e-mail: live,
 * confirmed recipients who have not turned the category off. The caller sends its own mail to them.
 */
export async function recordFlagNotification(
  db: Db,
  notification: {
    category: Exclude<NotificationCategory, 'Announcement'>;
    title: string;
    body: string;
    link: string;
  },
  audience: AudienceRow[],
): Promise<string[]> {
  const id = await db.transaction(async (tx) => {
    const id = await insertNotification(
      tx,
      { ...notification, severity: 'information', email: false, sender: null },
      audience,
    );
    await insertRecipients(tx, id, audience, null);
    return id;
  });
  await publishDue(db);
  const rows = await selectRows<Pick<RowOf<typeof users>, 'email'>>(
    db,
    sql`select u.email from notification_recipients r join users u on u.id = r.user_id
        where r.notification_id = ${id} and u.removed_at is null and u.email_confirmed
          and coalesce((select p.email from notification_email_preferences p
                        where p.user_id = u.id and p.category = ${notification.category}), true)
        order by u.email`,
  );
  return rows.map((r) => r.email);
}
