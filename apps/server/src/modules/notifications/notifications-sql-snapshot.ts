import { encodeCursor } from '../../db/keyset.js';
import { columnKeysetClauses } from '../../db/keyset-queries.js';
import { type SqlSnapshot, samplePrincipal } from '../../db/sql-snapshots.js';
import { audienceQueries } from './audience.js';
import { flagMailQueries } from './flag-mail-repository.js';
import { notificationsQueries } from './notifications-repository.js';
import { sentReadCountsQuery } from './read-counts.js';
import { sentQueries } from './sent-repository.js';
import { streamQueries } from './stream-repository.js';

const userId = '00000000-0000-4000-8000-000000000001';
const sender = samplePrincipal({
  userId,
  features: ['Notifications.Send'],
  access: ['1001', 'G01'],
  siteNumbers: ['1001', '1002'],
});
const byStart = {
  key: { column: 'starts_at', type: 'timestamptz' },
  id: { column: 'id', type: 'bigint' },
  desc: true,
} as const;
const byId = {
  key: { column: 'id', type: 'bigint' },
  id: { column: 'id', type: 'bigint' },
  desc: true,
} as const;
const firstPage = columnKeysetClauses(byStart, { skip: 0 });
const laterPage = columnKeysetClauses(byStart, {
  after: encodeCursor('2026-01-05 10:00:00+00', '42'),
  skip: 1,
});
const laterSentPage = columnKeysetClauses(byId, { after: encodeCursor('42', '42'), skip: 1 });

/** The notifications repository's statements with sample parameters, for its committed SQL (decision 31). */
export const notificationsSqlSnapshot: SqlSnapshot = {
  repository: 'modules/notifications/notifications-repository.ts',
  queries: {
    insertNotification: (db) =>
      notificationsQueries.insertNotification(db, {
        category: 'Announcement',
        title: 'Car park closed',
        body: 'Closed on Sunday.',
        severity: 'warning',
        email: true,
        sender: { userId, email: 'sender@client.example' },
      }),
    insertAudience: (db) =>
      notificationsQueries.insertAudience(db, 7, [
        { kind: 'site', value: '1001' },
        { kind: 'group', value: 'G01' },
      ]),
    'receivedPage: first page': (db) => notificationsQueries.receivedPage(db, userId, false, firstPage),
    'receivedPage: unread, a later page': (db) =>
      notificationsQueries.receivedPage(db, userId, true, laterPage),
    receivedCounts: (db) => notificationsQueries.receivedCounts(db, userId, false),
    'receivedCounts: unread only': (db) => notificationsQueries.receivedCounts(db, userId, true),
    unreadCount: (db) => notificationsQueries.unreadCount(db, userId),
    unreadUrgent: (db) => notificationsQueries.unreadUrgent(db, userId),
    'setRead: read': (db) => notificationsQueries.setRead(db, userId, '7', true),
    'setRead: unread': (db) => notificationsQueries.setRead(db, userId, '7', false),
    markAllRead: (db) => notificationsQueries.markAllRead(db, userId),
    publishDue: (db) => notificationsQueries.publishDue(db),
    claimEmailRecipients: (db) => notificationsQueries.claimEmailRecipients(db, '7'),
  },
};

/** The send page's statements with sample parameters. */
export const sentSqlSnapshot: SqlSnapshot = {
  repository: 'modules/notifications/sent-repository.ts',
  queries: {
    'page: first page': (db) => sentQueries.page(db, sender, columnKeysetClauses(byId, { skip: 0 })),
    'page: a later page': (db) => sentQueries.page(db, sender, laterSentPage),
    count: (db) => sentQueries.count(db, sender),
    one: (db) => sentQueries.one(db, sender, '7'),
    withdraw: (db) => sentQueries.withdraw(db, sender, '7'),
  },
};

/** The audience's statements with sample parameters (a sender without all-sites access). */
export const audienceSqlSnapshot: SqlSnapshot = {
  repository: 'modules/notifications/audience.ts',
  queries: {
    'insertRecipients: sites and groups': (db) =>
      audienceQueries.insertRecipients(
        db,
        7,
        [
          { kind: 'site', value: '1001' },
          { kind: 'group', value: 'G01' },
        ],
        sender,
      ),
    'insertRecipients: companies': (db) =>
      audienceQueries.insertRecipients(db, 7, [{ kind: 'company', value: '3' }], sender),
    'insertRecipients: features (one operator-only)': (db) =>
      audienceQueries.insertRecipients(
        db,
        7,
        [
          { kind: 'feature', value: 'Permits.View' },
          { kind: 'feature', value: 'Application.LatestNews' },
        ],
        null,
      ),
    'insertRecipients: a flag mail to a user': (db) =>
      audienceQueries.insertRecipients(db, 7, [{ kind: 'user', value: userId }], null),
    'insertRecipients: a flag mail to a flag': (db) =>
      audienceQueries.insertRecipients(db, 7, [{ kind: 'flag', value: 'LatestNewsEmails' }], null),
    companies: (db) => audienceQueries.companies(db, [3, 4]),
    sitesAndGroups: (db) => audienceQueries.sitesAndGroups(db, ['1001', 'G01']),
    reachableCompanies: (db) => audienceQueries.reachableCompanies(db, sender, '%acme%', 20),
  },
};

/** The live streams' statements with sample parameters. */
export const streamSqlSnapshot: SqlSnapshot = {
  repository: 'modules/notifications/stream-repository.ts',
  queries: {
    events: (db) =>
      streamQueries.events(db, { after: 100, upTo: 120, userIds: [userId, sender.sessionId], limit: 1000 }),
    latestEventSeq: (db) => streamQueries.latestEventSeq(db),
    sessionStates: (db) => streamQueries.sessionStates(db, [sender.sessionId]),
  },
};

/** The read counts the send page's streams are told of. */
export const readCountsSqlSnapshot: SqlSnapshot = {
  repository: 'modules/notifications/read-counts.ts',
  queries: {
    sentReadCounts: (db) => sentReadCountsQuery(db, ['7', '8']),
  },
};

/** Who gets a flag mail, what the digest lists, and its daily claim. */
export const flagMailSqlSnapshot: SqlSnapshot = {
  repository: 'modules/notifications/flag-mail-repository.ts',
  queries: {
    mailRecipients: (db) => flagMailQueries.mailRecipients(db, 7, 'PermitExpiryDigest'),
    flaggedUserAtSite: (db) => flagMailQueries.flaggedUserAtSite(db, userId, 'TicketActionReceipts', '1001'),
    flaggedUsers: (db) => flagMailQueries.flaggedUsers(db, 'PermitExpiryDigest'),
    expiringPermits: (db) =>
      flagMailQueries.expiringPermits(
        db,
        sender,
        { targets: ['1001', 'G01'], addedBy: userId },
        new Date('2026-01-15T07:00:00.000Z'),
        new Date('2026-01-22T07:00:00.000Z'),
      ),
  },
};

/** Every statement file of the notifications module. */
export const notificationsSqlSnapshots: readonly SqlSnapshot[] = [
  notificationsSqlSnapshot,
  sentSqlSnapshot,
  audienceSqlSnapshot,
  streamSqlSnapshot,
  readCountsSqlSnapshot,
  flagMailSqlSnapshot,
];
