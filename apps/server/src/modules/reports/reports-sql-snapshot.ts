import { type SqlSnapshot, samplePrincipal } from '../../db/sql-snapshots.js';
import { policy } from '../access/index.js';
import { reportQueries } from './report-sources.js';
import { subscriptionsQueries } from './subscriptions-repository.js';

/** A client user with two sites, one of them through a group granted to them. */
const client = samplePrincipal({
  features: ['Permits.View'],
  access: ['1001', 'SG01'],
  siteNumbers: ['1001', '1002'],
});

const scope = {
  siteNumbers: ['1001', '1002'],
  permitTargets: ['1001', '1002', 'SG01'],
  permits: { targets: ['1001', '1002', 'SG01'], addedBy: client.userId },
  from: '2026-01-01',
  to: '2026-01-31',
  allSites: false,
  accessVisible: policy.accessEntryVisibleWhere(client),
};

/** Each report's first and a later batch with sample parameters, for its committed SQL (decision 31). */
export const reportSourcesSqlSnapshot: SqlSnapshot = {
  repository: 'modules/reports/report-sources.ts',
  queries: {
    'permit-register: first batch': (db) => reportQueries['permit-register'](db, scope, null),
    'permit-register: a later batch': (db) => reportQueries['permit-register'](db, scope, 42),
    'ticket-actions: first batch': (db) => reportQueries['ticket-actions'](db, scope, null),
    'ticket-actions: a later batch': (db) => reportQueries['ticket-actions'](db, scope, 42),
    'allowance-use: first batch': (db) => reportQueries['allowance-use'](db, scope, null),
    'allowance-use: a later batch': (db) => reportQueries['allowance-use'](db, scope, '2026-01|1001'),
    'user-access: first batch': (db) => reportQueries['user-access'](db, scope, null),
    'user-access: a later batch, all sites': (db) =>
      reportQueries['user-access'](
        db,
        {
          ...scope,
          allSites: true,
          accessVisible: policy.accessEntryVisibleWhere({ ...client, accessAllSites: true }),
        },
        '00000000-0000-0000-0000-000000000003',
      ),
  },
};

const userId = client.userId;
const now = new Date('2026-02-01T07:00:00Z');
const period = { from: '2026-01-01', to: '2026-01-31', dueAt: now, sendDay: '2026-02-01' };

/** The report subscriptions repository's statements with sample parameters, for its committed SQL. */
export const subscriptionsSqlSnapshot: SqlSnapshot = {
  repository: 'modules/reports/subscriptions-repository.ts',
  queries: {
    insertSubscription: (db) =>
      subscriptionsQueries.insertSubscription(db, userId, {
        reportKey: 'permit-register',
        site: '1001',
        format: 'csv',
        frequency: 'monthly',
        delivery: 'attached',
      }),
    insertSend: (db) => subscriptionsQueries.insertSend(db, 7, period),
    countActive: (db) => subscriptionsQueries.countActive(db, userId),
    listOwn: (db) => subscriptionsQueries.listOwn(db, userId, 20),
    cancelOwn: (db) => subscriptionsQueries.cancelOwn(db, userId, 7),
    dropQueued: (db) => subscriptionsQueries.dropQueued(db, 7),
    claimDue: (db) =>
      subscriptionsQueries.claimDue(db, 'host:123:abcdef', now, new Date('2026-02-01T07:10:00Z'), 20),
    markDone: (db) => subscriptionsQueries.markDone(db, 11, 'host:123:abcdef', 'sent'),
    lease: (db) => subscriptionsQueries.lease(db, 11, 'host:123:abcdef', new Date('2026-02-01T07:01:00Z')),
    'lease: given back': (db) => subscriptionsQueries.lease(db, 11, 'host:123:abcdef', null),
    emailConfirmed: (db) => subscriptionsQueries.emailConfirmed(db, userId),
  },
};
