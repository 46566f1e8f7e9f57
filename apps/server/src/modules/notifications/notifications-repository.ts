import {
  type NotificationCategory,
  type NotificationSeverity,
  notificationCategories,
  notificationSeverities,
  type Page,
  type PageQuery,
  type ReceivedNotification,
  renderNotificationMarkdown,
} from '@client-portal/contract';
import { type Expression, expressionBuilder, type InferResult, type SqlBool, sql } from 'kysely';
import type { DB, Notifications } from '../../db/database-types.js';
import { toPage } from '../../db/keyset.js';
import {
  type ColumnKeysetClauses,
  type ColumnKeysetOrder,
  columnKeysetClauses,
  keysetParts,
} from '../../db/keyset-queries.js';
import { isoTextOf, type Queries } from '../../db/kysely.js';
import type { AudienceRow } from './audience.js';
import { announceReads, notifyStatement } from './read-counts.js';

/** The channel every process LISTENs on: a notification was published or withdrawn. */
export const NOTIFICATIONS_CHANNEL = 'notifications';

/** A stored value as one of the contract's: what the writers of the column put there. */
export function storedValue<T extends string>(values: readonly T[], value: string): T {
  const known = values.find((v) => v === value);
  if (known === undefined) throw new Error(`Unexpected stored value "${value}".`);
  return known;
}

const notificationsAsN = expressionBuilder<{ n: Notifications }, 'n'>();
const now = sql<Date>`now()`;

/** Shown to its recipients now: started, not expired, not withdrawn (alias n). */
export const visibleNow = notificationsAsN.and([
  notificationsAsN('n.withdrawn_at', 'is', null),
  notificationsAsN('n.starts_at', '<=', now),
  notificationsAsN.or([
    notificationsAsN('n.expires_at', 'is', null),
    notificationsAsN('n.expires_at', '>', now),
  ]),
]);

/** The next event number for the streams. */
export const nextEventSeq = sql<string>`nextval('notification_events')`;

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

/** A recipient's notifications (r: their recipient rows, n: the notifications) with a received one's columns. */
const receivedQuery = (db: Queries) =>
  db
    .selectFrom('notification_recipients as r')
    .innerJoin('notifications as n', 'n.id', 'r.notification_id')
    .select((eb) => [
      eb.cast<string>('n.id', 'text').as('id'),
      'n.category',
      'n.title',
      'n.body',
      'n.severity',
      'n.link',
      isoTextOf(eb.ref('n.starts_at')).as('starts_at'),
      isoTextOf(eb.ref('r.read_at')).as('read_at'),
    ]);

/** A received notification as read: the id and times as text. */
export type ReceivedRow = InferResult<ReturnType<typeof receivedQuery>>[number];

export const toReceived = (row: ReceivedRow): ReceivedNotification => ({
  id: row.id,
  category: storedValue(notificationCategories, row.category),
  title: row.title,
  html: renderNotificationMarkdown(row.body),
  severity: storedValue(notificationSeverities, row.severity),
  link: row.link,
  startsAt: row.starts_at,
  readAt: row.read_at,
});

const receivedOrder: ColumnKeysetOrder & { key: { column: keyof Notifications } } = {
  key: { column: 'starts_at', type: 'timestamptz' },
  id: { column: 'id', type: 'bigint' },
  desc: true,
};

/** A recipient's rows of notifications shown now, answering which changed and whether each was sent. */
const readStateUpdate = (db: Queries, userId: string) =>
  db
    .updateTable('notification_recipients as r')
    .from('notifications as n')
    .whereRef('n.id', '=', 'r.notification_id')
    .where('r.user_id', '=', userId)
    .where(visibleNow)
    .returning((eb) => [
      eb.cast<string>('r.notification_id', 'text').as('id'),
      eb('n.category', '=', 'Announcement').as('sent'),
    ]);

/**
 * The user `u` wants a category's notifications by email: unless they turned it off (no preference
 * row: they do). For a statement over `users as u`.
 */
export function wantsEmail(category: Expression<string>) {
  const eb = expressionBuilder<DB, 'notification_email_preferences'>();
  return eb.fn.coalesce(
    eb
      .selectFrom('notification_email_preferences as p')
      .select('p.email')
      .where('p.user_id', '=', sql.ref<string>('u.id'))
      .where('p.category', '=', category),
    sql<boolean>`true`,
  );
}

/** The statements of this repository, built but not run: what notifications-repository.sql shows. */
export const notificationsQueries = {
  /** A recipient's notifications shown now (notifications-stream's statement adds its columns to it). */
  received: receivedQuery,

  insertNotification: (db: Queries, n: NewNotification) =>
    db
      .insertInto('notifications')
      .values({
        category: n.category,
        title: n.title,
        body: n.body,
        severity: n.severity,
        link: n.link ?? null,
        email: n.email,
        sender_user_id: n.sender?.userId ?? null,
        sender_email: n.sender?.email ?? null,
        starts_at: n.startsAt?.toISOString() ?? now,
        expires_at: n.expiresAt?.toISOString() ?? null,
      })
      .returning('id'),

  insertAudience: (db: Queries, id: number, audience: AudienceRow[]) =>
    db
      .insertInto('notification_audiences')
      .values(audience.map((a) => ({ notification_id: id, kind: a.kind, value: a.value }))),

  /** One page of a recipient's notifications shown now, newest first. */
  receivedPage: (db: Queries, userId: string, unreadOnly: boolean, clauses: ColumnKeysetClauses) => {
    const keyset = keysetParts('n', receivedOrder, clauses);
    return receivedQuery(db)
      .select(keyset.keyColumns)
      .where('r.user_id', '=', userId)
      .where(visibleNow)
      .$if(unreadOnly, (q) => q.where('r.read_at', 'is', null))
      .where(keyset.where)
      .$call(keyset.paged);
  },

  /** How many the list shows in all, and how many of those shown now are unread. */
  receivedCounts: (db: Queries, userId: string, unreadOnly: boolean) =>
    db
      .selectFrom('notification_recipients as r')
      .innerJoin('notifications as n', 'n.id', 'r.notification_id')
      .select((eb) => [
        (unreadOnly ? eb.fn.countAll().filterWhere('r.read_at', 'is', null) : eb.fn.countAll()).as('total'),
        eb.fn.countAll().filterWhere('r.read_at', 'is', null).as('unread'),
      ])
      .where('r.user_id', '=', userId)
      .where(visibleNow),

  unreadCount: (db: Queries, userId: string) =>
    db
      .selectFrom('notification_recipients as r')
      .innerJoin('notifications as n', 'n.id', 'r.notification_id')
      .select((eb) => eb.fn.countAll().as('unread'))
      .where('r.user_id', '=', userId)
      .where('r.read_at', 'is', null)
      .where(visibleNow),

  unreadUrgent: (db: Queries, userId: string) =>
    receivedQuery(db)
      .where('r.user_id', '=', userId)
      .where('r.read_at', 'is', null)
      .where('n.severity', '=', 'urgent')
      .where(visibleNow)
      .orderBy('n.starts_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(20),

  /** Sets one of the recipient's notifications shown now read (keeping when it was first read) or unread. */
  setRead: (db: Queries, userId: string, id: string, read: boolean) =>
    readStateUpdate(db, userId)
      .set((eb) => ({ read_at: read ? eb.fn.coalesce('r.read_at', now) : null }))
      .where('r.notification_id', '=', id),

  /** Sets every unread notification of the recipient's shown now read. */
  markAllRead: (db: Queries, userId: string) =>
    readStateUpdate(db, userId).set({ read_at: now }).where('r.read_at', 'is', null),

  publishDue: (db: Queries) =>
    db
      .updateTable('notifications')
      .set({ published_at: now, event_seq: nextEventSeq })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('notifications')
          .select('id')
          .where('published_at', 'is', null)
          .where('withdrawn_at', 'is', null)
          .where('starts_at', '<=', now)
          .orderBy('starts_at')
          .limit(100)
          .forUpdate()
          .skipLocked(),
      )
      .returning((eb) => [eb.cast<string>('id', 'text').as('id'), 'email', 'category']),

  claimEmailRecipients: (db: Queries, id: string) =>
    db
      .updateTable('notification_recipients as r')
      .from(['users as u', 'notifications as n'])
      .set({ emailed_at: now })
      .where('r.notification_id', '=', id)
      .whereRef('n.id', '=', 'r.notification_id')
      .whereRef('u.id', '=', 'r.user_id')
      .where('r.emailed_at', 'is', null)
      .where('u.removed_at', 'is', null)
      .where((eb) => eb.ref('u.email_confirmed'))
      .where((eb) => wantsEmail(eb.ref('n.category')))
      .returning('u.email'),
};

export async function insertNotification(
  db: Queries,
  n: NewNotification,
  audience: AudienceRow[],
): Promise<number> {
  const row = await notificationsQueries.insertNotification(db, n).executeTakeFirstOrThrow();
  const id = Number(row.id);
  await notificationsQueries.insertAudience(db, id, audience).execute();
  return id;
}

export async function listReceived(
  db: Queries,
  userId: string,
  unreadOnly: boolean,
  page: PageQuery,
): Promise<Page<ReceivedNotification> & { unread: number }> {
  const clauses = columnKeysetClauses(receivedOrder, page);
  // The unread count rides on the total's query, so this list counts its own way.
  const [rows, counts] = await Promise.all([
    notificationsQueries.receivedPage(db, userId, unreadOnly, clauses).execute(),
    notificationsQueries.receivedCounts(db, userId, unreadOnly).executeTakeFirst(),
  ]);
  return {
    ...toPage(rows, clauses, Number(counts?.total ?? 0), toReceived),
    unread: Number(counts?.unread ?? 0),
  };
}

export async function unreadSummary(db: Queries, userId: string) {
  const count = await notificationsQueries.unreadCount(db, userId).executeTakeFirst();
  const urgent = await notificationsQueries.unreadUrgent(db, userId).execute();
  return { unread: Number(count?.unread ?? 0), urgent: urgent.map(toReceived) };
}

/**
 * Sets one notification's read state for its recipient; false when it is not theirs or not shown. A
 * sent announcement's sender hears of the new count on their stream (read-counts.ts).
 */
export async function setRead(db: Queries, userId: string, id: string, read: boolean): Promise<boolean> {
  const rows = await notificationsQueries.setRead(db, userId, id, read).execute();
  await announceReads(db, sentIds(rows));
  return rows.length === 1;
}

export async function markAllRead(db: Queries, userId: string): Promise<number> {
  const rows = await notificationsQueries.markAllRead(db, userId).execute();
  await announceReads(db, sentIds(rows));
  return rows.length;
}

const sentIds = (rows: { id: string; sent: SqlBool }[]) => rows.filter((r) => r.sent).map((r) => r.id);

/**
 * Publishes every notification whose start has come: gives it an event number and tells every process
 * (NOTIFY is delivered on commit). Each is claimed by exactly one caller, however many processes run.
 * `db` may be a transaction: the publishing then commits with it.
 */
export async function publishDue(
  db: Queries,
): Promise<{ id: string; email: boolean; category: NotificationCategory }[]> {
  const publish = async (tx: Queries) => {
    const rows = await notificationsQueries.publishDue(tx).execute();
    if (rows.length > 0) await notifyStatement(tx, NOTIFICATIONS_CHANNEL, '').execute();
    return rows;
  };
  // Inside the caller's transaction when given one (a flag notification and its mail).
  const rows = db.isTransaction ? await publish(db) : await db.transaction().execute(publish);
  return rows.map((r) => ({ ...r, category: storedValue(notificationCategories, r.category) }));
}

/** Recipients of a published notification to email: confirmed, live, not opted out of its category. */
export async function claimEmailRecipients(db: Queries, id: string) {
  return notificationsQueries.claimEmailRecipients(db, id).execute();
}

export async function readNotificationBody(db: Queries, id: string) {
  const row = await db
    .selectFrom('notifications')
    .select(['title', 'body', 'severity', 'link'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, severity: storedValue(notificationSeverities, row.severity) };
}
