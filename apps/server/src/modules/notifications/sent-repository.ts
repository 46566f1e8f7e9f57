import {
  type NotificationCategory,
  notificationSeverities,
  type Page,
  type PageQuery,
  renderNotificationMarkdown,
  type SentNotification,
} from '@client-portal/contract';
import { type InferResult, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Notifications } from '../../db/database-types.js';
import { toPage } from '../../db/keyset.js';
import {
  type ColumnKeysetClauses,
  type ColumnKeysetOrder,
  columnKeysetClauses,
  keysetParts,
} from '../../db/keyset-queries.js';
import { isoTextOf, type Queries } from '../../db/kysely.js';
import { type Principal, policy } from '../access/index.js';
import { audienceFromRows } from './audience.js';
import { NOTIFICATIONS_CHANNEL, nextEventSeq, storedValue } from './notifications-repository.js';
import { notifyStatement } from './read-counts.js';

const now = sql<Date>`now()`;
const state = (value: SentNotification['state']) => sql.lit(value);

/** Sent notifications the sender sees (alias n), with the send page's columns: the id and times as text. */
const sentQuery = (db: Queries, sender: Principal) =>
  db
    .selectFrom('notifications as n')
    .select((eb) => [
      eb.cast<string>('n.id', 'text').as('id'),
      'n.title',
      'n.body',
      'n.severity',
      'n.email',
      'n.sender_email',
      isoTextOf(eb.ref('n.starts_at')).as('starts_at'),
      isoTextOf(eb.ref('n.expires_at')).as('expires_at'),
      isoTextOf(eb.ref('n.withdrawn_at')).as('withdrawn_at'),
      eb
        .case()
        .when('n.withdrawn_at', 'is not', null)
        .then(state('withdrawn'))
        .when('n.starts_at', '>', now)
        .then(state('scheduled'))
        .when(eb.and([eb('n.expires_at', 'is not', null), eb('n.expires_at', '<=', now)]))
        .then(state('expired'))
        .else(state('live'))
        .end()
        .as('state'),
      eb
        .selectFrom('notification_recipients as r')
        .select((eb) => eb.fn.countAll().as('count'))
        .whereRef('r.notification_id', '=', 'n.id')
        .as('recipients'),
      eb
        .selectFrom('notification_recipients as r')
        .select((eb) => eb.fn.countAll().as('count'))
        .whereRef('r.notification_id', '=', 'n.id')
        .where('r.read_at', 'is not', null)
        .as('read'),
      jsonArrayFrom(
        eb
          .selectFrom('notification_audiences as a')
          .select(['a.kind', 'a.value'])
          .whereRef('a.notification_id', '=', 'n.id')
          .orderBy('a.kind')
          .orderBy('a.value'),
      ).as('audience'),
    ])
    .where(policy.sentAnnouncementWhere(sender));

type SentRow = InferResult<ReturnType<typeof sentQuery>>[number];

const toSent = (row: SentRow): SentNotification => ({
  id: row.id,
  title: row.title,
  body: row.body,
  html: renderNotificationMarkdown(row.body),
  severity: storedValue(notificationSeverities, row.severity),
  audience: audienceFromRows(row.audience),
  email: row.email,
  startsAt: row.starts_at,
  expiresAt: row.expires_at,
  withdrawnAt: row.withdrawn_at,
  senderEmail: row.sender_email,
  state: row.state,
  recipients: Number(row.recipients ?? 0),
  read: Number(row.read ?? 0),
});

const sentOrder: ColumnKeysetOrder & { key: { column: keyof Notifications } } = {
  key: { column: 'id', type: 'bigint' },
  id: { column: 'id', type: 'bigint' },
  desc: true,
};

/** The statements of this repository, built but not run: what sent-repository.sql shows. */
export const sentQueries = {
  page: (db: Queries, sender: Principal, clauses: ColumnKeysetClauses) => {
    const keyset = keysetParts('n', sentOrder, clauses);
    return sentQuery(db, sender).select(keyset.keyColumns).where(keyset.where).$call(keyset.paged);
  },

  count: (db: Queries, sender: Principal) =>
    db
      .selectFrom('notifications as n')
      .select((eb) => eb.fn.countAll().as('total'))
      .where(policy.sentAnnouncementWhere(sender)),

  one: (db: Queries, sender: Principal, id: string) => sentQuery(db, sender).where('n.id', '=', id),

  withdraw: (db: Queries, sender: Principal, id: string) =>
    db
      .updateTable('notifications as n')
      .set((eb) => ({
        withdrawn_at: now,
        event_seq: eb
          .case()
          .when('n.published_at', 'is', null)
          .then(eb.ref('n.event_seq'))
          .else(nextEventSeq)
          .end(),
      }))
      .where('n.id', '=', id)
      .where('n.withdrawn_at', 'is', null)
      .where(policy.sentAnnouncementWhere(sender))
      .returning((eb) => ['n.title', eb('n.published_at', 'is not', null).as('published')]),
};

export async function listSent(
  db: Queries,
  sender: Principal,
  page: PageQuery,
): Promise<Page<SentNotification>> {
  const clauses = columnKeysetClauses(sentOrder, page);
  const [rows, count] = await Promise.all([
    sentQueries.page(db, sender, clauses).execute(),
    sentQueries.count(db, sender).executeTakeFirst(),
  ]);
  return toPage(rows, clauses, Number(count?.total ?? 0), toSent);
}

export async function findSent(
  db: Queries,
  sender: Principal,
  id: string,
): Promise<SentNotification | undefined> {
  const row = await sentQueries.one(db, sender, id).executeTakeFirst();
  return row && toSent(row);
}

/** Withdraws it (a new event for the streams); false when out of reach or already withdrawn. */
export async function withdraw(
  db: Queries,
  sender: Principal,
  id: string,
): Promise<{ title: string } | undefined> {
  const row = await sentQueries.withdraw(db, sender, id).executeTakeFirst();
  if (row?.published) await notifyStatement(db, NOTIFICATIONS_CHANNEL, '').execute();
  return row;
}

export async function readPreferences(db: Queries, userId: string) {
  return db
    .selectFrom('notification_email_preferences')
    .select(['category', 'email'])
    .where('user_id', '=', userId)
    .execute();
}

export async function writePreference(
  db: Queries,
  userId: string,
  category: NotificationCategory,
  email: boolean,
) {
  await db
    .insertInto('notification_email_preferences')
    .values({ user_id: userId, category, email })
    .onConflict((oc) =>
      oc.columns(['user_id', 'category']).doUpdateSet((eb) => ({ email: eb.ref('excluded.email') })),
    )
    .execute();
}
