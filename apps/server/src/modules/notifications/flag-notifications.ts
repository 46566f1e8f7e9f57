import type { NotificationCategory } from '@client-portal/contract';
import { sql } from 'kysely';
import type { Queries } from '../../db/kysely.js';
import { type AudienceRow, insertRecipients } from './audience.js';
import { insertNotification, publishDue } from './notifications-repository.js';

/** Who of a notification's recipients also want it by e-mail, A to Z. */
export const flagMailRecipientsQuery = (db: Queries, id: number, category: NotificationCategory) =>
  db
    .selectFrom('notification_recipients as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select('u.email')
    .where('r.notification_id', '=', id)
    .where('u.removed_at', 'is', null)
    .where((eb) => eb.ref('u.email_confirmed'))
    .where((eb) =>
      eb.fn.coalesce(
        eb
          .selectFrom('notification_email_preferences as p')
          .select('p.email')
          .whereRef('p.user_id', '=', 'u.id')
          .where('p.category', '=', category),
        sql<boolean>`true`,
      ),
    )
    .orderBy('u.email');

/**
 * Puts one of the flag mails (ticket receipt, permit-expiry digest, latest news) in its recipients'
 * notification centre, live at once, and answers the addresses that also want it by e-mail: live,
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
  const db = queries;
  const id = await db.transaction().execute(async (tx) => {
    const id = await insertNotification(
      tx,
      { ...notification, severity: 'information', email: false, sender: null },
      audience,
    );
    await insertRecipients(tx, id, audience, null);
    return id;
  });
  await publishDue(db);
  const rows = await flagMailRecipientsQuery(db, id, notification.category).execute();
  return rows.map((r) => r.email);
}
