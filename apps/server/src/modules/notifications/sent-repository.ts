import {
  type NotificationCategory,
  type Page,
  type PageQuery,
  renderNotificationMarkdown,
  type SentNotification,
} from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type KeysetOrder, readKeysetPage } from '../../db/keyset.js';
import { isoText, type RowOf, selectRows } from '../../db/rows.js';
import type { notificationEmailPreferences, notifications } from '../../db/schema.js';
import { legacyPolicySql, type Principal } from '../access/index.js';
import { type AudienceRow, audienceFromRows } from './audience.js';
import { NOTIFICATIONS_CHANNEL } from './notifications-repository.js';

/** A sent notification: columns typed from schema.ts; the id and times as text, the rest computed. */
type SentRow = Pick<RowOf<typeof notifications>, 'title' | 'body' | 'email' | 'sender_email'> & {
  id: string;
  severity: SentNotification['severity'];
  starts_at: string;
  expires_at: string | null;
  withdrawn_at: string | null;
  state: SentNotification['state'];
  recipients: number;
  read: number;
  audience: AudienceRow[];
};

const sentColumns = sql`n.id::text as id, n.title, n.body, n.severity, n.email, n.sender_email,
  ${isoText(sql`n.starts_at`)} as starts_at, ${isoText(sql`n.expires_at`)} as expires_at,
  ${isoText(sql`n.withdrawn_at`)} as withdrawn_at,
  case when n.withdrawn_at is not null then 'withdrawn' when n.starts_at > now() then 'scheduled'
       when n.expires_at is not null and n.expires_at <= now() then 'expired' else 'live' end as state,
  (select count(*)::int from notification_recipients r where r.notification_id = n.id) as recipients,
  (select count(*)::int from notification_recipients r where r.notification_id = n.id and r.read_at is not null) as read,
  coalesce((select json_agg(json_build_object('kind', a.kind, 'value', a.value) order by a.kind, a.value)
            from notification_audiences a where a.notification_id = n.id), '[]'::json) as audience`;

const toSent = (row: SentRow): SentNotification => ({
  id: row.id,
  title: row.title,
  body: row.body,
  html: renderNotificationMarkdown(row.body),
  severity: row.severity,
  audience: audienceFromRows(row.audience),
  email: row.email,
  startsAt: row.starts_at,
  expiresAt: row.expires_at,
  withdrawnAt: row.withdrawn_at,
  senderEmail: row.sender_email,
  state: row.state,
  recipients: row.recipients,
  read: row.read,
});

const sentOrder: KeysetOrder = {
  key: { expr: sql`n.id`, type: 'bigint' },
  id: { expr: sql`n.id`, type: 'bigint' },
  desc: true,
};

export async function listSent(db: Db, sender: Principal, page: PageQuery): Promise<Page<SentNotification>> {
  return readKeysetPage(
    db,
    {
      columns: sentColumns,
      from: sql`notifications n`,
      where: legacyPolicySql.sentAnnouncementWhere(sender),
      order: sentOrder,
    },
    page,
    toSent,
  );
}

export async function findSent(db: Db, sender: Principal, id: string): Promise<SentNotification | undefined> {
  const [row] = await selectRows<SentRow>(
    db,
    sql`select ${sentColumns} from notifications n where n.id = ${id}::bigint and ${legacyPolicySql.sentAnnouncementWhere(sender)}`,
  );
  return row && toSent(row);
}

/** Withdraws it (a new event for the streams); false when out of reach or already withdrawn. */
export async function withdraw(
  db: Db,
  sender: Principal,
  id: string,
): Promise<{ title: string } | undefined> {
  const [row] = await selectRows<Pick<RowOf<typeof notifications>, 'title'> & { published: boolean }>(
    db,
    sql`update notifications n set withdrawn_at = now(),
          event_seq = case when n.published_at is null then n.event_seq else nextval('notification_events') end
        where n.id = ${id}::bigint and n.withdrawn_at is null and ${legacyPolicySql.sentAnnouncementWhere(sender)}
        returning n.title, n.published_at is not null as published`,
  );
  if (row?.published) await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, '')`);
  return row;
}

export async function readPreferences(db: Db, userId: string) {
  return selectRows<
    Pick<RowOf<typeof notificationEmailPreferences>, 'email'> & { category: NotificationCategory }
  >(db, sql`select category, email from notification_email_preferences where user_id = ${userId}`);
}

export async function writePreference(
  db: Db,
  userId: string,
  category: NotificationCategory,
  email: boolean,
) {
  await db.execute(
    sql`insert into notification_email_preferences (user_id, category, email) values (${userId}, ${category}, ${email})
        on conflict (user_id, category) do update set email = excluded.email`,
  );
}
