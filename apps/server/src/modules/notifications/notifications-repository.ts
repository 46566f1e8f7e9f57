import {
  type NotificationCategory,
  type NotificationSeverity,
  type Page,
  type PageQuery,
  type ReceivedNotification,
  renderNotificationMarkdown,
} from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type KeysetList, type KeysetOrder, keysetClauses, readKeysetRows, toPage } from '../../db/keyset.js';
import { isoText, type RowOf, selectRows } from '../../db/rows.js';
import type { notifications, users } from '../../db/schema.js';
import type { AudienceRow } from './audience.js';
import { announceReads } from './read-counts.js';

/** The channel every process LISTENs on: a notification was published or withdrawn. */
export const NOTIFICATIONS_CHANNEL = 'notifications';

/** Shown to its recipients now: started, not expired, not withdrawn (alias n). */
export const visibleNow = sql`n.withdrawn_at is null and n.starts_at <= now() and (n.expires_at is null or n.expires_at > now())`;

interface NewNotification {
  category: NotificationCategory;
  title: string;
  body: string;
  severity: NotificationSeverity;
  link?: string | null;
  email: boolean;
  sender: { userId: string; email: string } | null;
  startsAt?: Date;
  expiresAt?: Date | null;
}

export async function insertNotification(
  db: Db,
  n: NewNotification,
  audience: AudienceRow[],
): Promise<number> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`insert into notifications (category, title, body, severity, link, email, sender_user_id, sender_email,
                                   starts_at, expires_at)
        values (${n.category}, ${n.title}, ${n.body}, ${n.severity}, ${n.link ?? null}, ${n.email},
                ${n.sender?.userId ?? null}, ${n.sender?.email ?? null},
                coalesce(${n.startsAt?.toISOString() ?? null}::timestamptz, now()),
                ${n.expiresAt?.toISOString() ?? null}::timestamptz)
        returning id`,
  );
  const id = Number(row!.id);
  await db.execute(
    sql`insert into notification_audiences (notification_id, kind, value) values ${sql.join(
      audience.map((a) => sql`(${id}, ${a.kind}, ${a.value})`),
      sql`, `,
    )}`,
  );
  return id;
}

type StoredNotification = RowOf<typeof notifications>;

/**
 * A received notification: columns typed from schema.ts; the id and times as text, category and
 * severity narrowed to the contract's values (what the statement and the writers make of them).
 */
export type ReceivedRow = Pick<StoredNotification, 'title' | 'body' | 'link'> & {
  id: string;
  category: NotificationCategory;
  severity: NotificationSeverity;
  starts_at: string;
  read_at: string | null;
};

export const receivedColumns = sql`n.id::text as id, n.category, n.title, n.body, n.severity, n.link,
  ${isoText(sql`n.starts_at`)} as starts_at, ${isoText(sql`r.read_at`)} as read_at`;

export const toReceived = (row: ReceivedRow): ReceivedNotification => ({
  id: row.id,
  category: row.category,
  title: row.title,
  html: renderNotificationMarkdown(row.body),
  severity: row.severity,
  link: row.link,
  startsAt: row.starts_at,
  readAt: row.read_at,
});

const receivedOrder: KeysetOrder = {
  key: { expr: sql`n.starts_at`, type: 'timestamptz' },
  id: { expr: sql`n.id`, type: 'bigint' },
  desc: true,
};

export async function listReceived(
  db: Db,
  userId: string,
  unreadOnly: boolean,
  page: PageQuery,
): Promise<Page<ReceivedNotification> & { unread: number }> {
  const from = sql`notification_recipients r join notifications n on n.id = r.notification_id`;
  const shown = sql`r.user_id = ${userId} and ${visibleNow}`;
  const list: KeysetList = {
    columns: receivedColumns,
    from,
    where: unreadOnly ? sql`${shown} and r.read_at is null` : shown,
    order: receivedOrder,
  };
  const clauses = keysetClauses(receivedOrder, page);
  // The unread count rides on the total's query, so this list counts its own way.
  const [rows, [counts]] = await Promise.all([
    readKeysetRows<ReceivedRow>(db, list, clauses),
    selectRows<{ total: number; unread: number }>(
      db,
      sql`select count(*) filter (where ${unreadOnly ? sql`r.read_at is null` : sql`true`})::int as total,
                 count(*) filter (where r.read_at is null)::int as unread
          from ${from} where ${shown}`,
    ),
  ]);
  return { ...toPage(rows, clauses, counts?.total ?? 0, toReceived), unread: counts?.unread ?? 0 };
}

export async function unreadSummary(db: Db, userId: string) {
  const [count] = await selectRows<{ unread: number }>(
    db,
    sql`select count(*)::int as unread from notification_recipients r join notifications n on n.id = r.notification_id
        where r.user_id = ${userId} and r.read_at is null and ${visibleNow}`,
  );
  const urgent = await selectRows<ReceivedRow>(
    db,
    sql`select ${receivedColumns} from notification_recipients r join notifications n on n.id = r.notification_id
        where r.user_id = ${userId} and r.read_at is null and n.severity = 'urgent' and ${visibleNow}
        order by n.starts_at desc, n.id desc limit 20`,
  );
  return { unread: count?.unread ?? 0, urgent: urgent.map(toReceived) };
}

/**
 * Sets one notification's read state for its recipient; false when it is not theirs or not shown. A
 * sent announcement's sender hears of the new count on their stream (read-counts.ts).
 */
export async function setRead(db: Db, userId: string, id: string, read: boolean): Promise<boolean> {
  const rows = await selectRows<{ id: string; sent: boolean }>(
    db,
    sql`update notification_recipients r set read_at = ${read ? sql`coalesce(r.read_at, now())` : sql`null`}
        from notifications n
        where n.id = r.notification_id and r.notification_id = ${id}::bigint and r.user_id = ${userId} and ${visibleNow}
        returning r.notification_id::text as id, n.category = 'Announcement' as sent`,
  );
  await announceReads(db, sentIds(rows));
  return rows.length === 1;
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  const rows = await selectRows<{ id: string; sent: boolean }>(
    db,
    sql`update notification_recipients r set read_at = now() from notifications n
        where n.id = r.notification_id and r.user_id = ${userId} and r.read_at is null and ${visibleNow}
        returning r.notification_id::text as id, n.category = 'Announcement' as sent`,
  );
  await announceReads(db, sentIds(rows));
  return rows.length;
}

const sentIds = (rows: { id: string; sent: boolean }[]) => rows.filter((r) => r.sent).map((r) => r.id);

/**
 * Publishes every notification whose start has come: gives it an event number and tells every process
 * (NOTIFY is delivered on commit). Each is claimed by exactly one caller, however many processes run.
 */
export async function publishDue(
  db: Db,
): Promise<{ id: string; email: boolean; category: NotificationCategory }[]> {
  return db.transaction(async (tx) => {
    const rows = await selectRows<
      Pick<StoredNotification, 'email'> & { id: string; category: NotificationCategory }
    >(
      tx,
      sql`update notifications set published_at = now(), event_seq = nextval('notification_events')
          where id in (select id from notifications where published_at is null and withdrawn_at is null
                       and starts_at <= now() order by starts_at limit 100 for update skip locked)
          returning id::text as id, email, category`,
    );
    if (rows.length > 0) await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, '')`);
    return rows;
  });
}

/** Recipients of a published notification to e-mail: confirmed, live, not opted out of its category. */
export async function claimEmailRecipients(db: Db, id: string) {
  return selectRows<Pick<RowOf<typeof users>, 'email'>>(
    db,
    sql`update notification_recipients r set emailed_at = now()
        from users u, notifications n
        where r.notification_id = ${id}::bigint and n.id = r.notification_id and u.id = r.user_id
          and r.emailed_at is null and u.removed_at is null and u.email_confirmed
          and coalesce((select p.email from notification_email_preferences p
                        where p.user_id = u.id and p.category = n.category), true)
        returning u.email`,
  );
}

export async function readNotificationBody(db: Db, id: string) {
  const [row] = await selectRows<
    Pick<StoredNotification, 'title' | 'body' | 'link'> & { severity: NotificationSeverity }
  >(db, sql`select title, body, severity, link from notifications where id = ${id}::bigint`);
  return row;
}
