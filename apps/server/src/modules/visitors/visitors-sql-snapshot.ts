import { encodeCursor } from '../../db/keyset.js';
import { columnKeysetClauses } from '../../db/keyset-queries.js';
import { type SqlSnapshot, samplePrincipal } from '../../db/sql-snapshots.js';
import { approvalOrder, linkOrder, visitorsQueries } from './visitors-repository.js';

const clerk = samplePrincipal({ features: ['Permits.Add'], access: ['1001'], siteNumbers: ['1001'] });
const dayStart = new Date('2026-11-27T00:00:00Z');
const registrationId = '00000000-0000-4000-8000-000000000027';
const values = {
  name: 'Outpatients',
  enabled: true,
  expiresAt: null,
  durationKind: 'hours',
  durationAmount: 4,
  dailyCap: 200,
  hostApproval: false,
};

/** The visitor links' statements with sample parameters, for their committed SQL (decision 31). */
export const visitorsSqlSnapshot: SqlSnapshot = {
  repository: 'modules/visitors/visitors-repository.ts',
  queries: {
    "a page of a clerk's links at one site": (db) =>
      visitorsQueries.linksPage(
        db,
        clerk,
        '1001',
        dayStart,
        linkOrder(false),
        columnKeysetClauses(linkOrder(false), { skip: 0 }),
      ),
    'their count': (db) => visitorsQueries.linksCount(db, clerk, '1001'),
    'one link in reach': (db) => visitorsQueries.linkInReach(db, clerk, 7, dayStart),
    'a link by its public token': (db) => visitorsQueries.linkByToken(db, 'sample-token', dayStart),
    'a site, to create a link at': (db) => visitorsQueries.site(db, '1001'),
    'insert a link': (db) =>
      visitorsQueries.insertLink(
        db,
        '1001',
        values,
        { token: 'sample-token', kioskKey: 'sample-key' },
        clerk.userId,
      ),
    'update a link': (db) => visitorsQueries.updateLink(db, 7, values),
    "the link's permits today (under the site's lock)": (db) => visitorsQueries.countToday(db, 7, dayStart),
    'insert a registration': (db) =>
      visitorsQueries.insertRegistration(db, {
        id: registrationId,
        linkId: 7,
        vehicleRegistration: 'AB12CDE',
        visitorName: null,
        email: 'visitor@example.com',
        codeHash: 'c0de',
        language: 'en',
        codeExpiresAt: dayStart,
      }),
    'a registration, locked': (db) => visitorsQueries.registrationForUpdate(db, registrationId),
    'count a try': (db) => visitorsQueries.countAttempt(db, registrationId),
    'mark it registered, once': (db) =>
      visitorsQueries.setState(db, registrationId, {
        state: 'registered',
        fromStates: ['started'],
        permitId: 1,
      }),
    'forget the address': (db) => visitorsQueries.forgetEmail(db, registrationId),
    'a page of the approval queue, after a cursor': (db) =>
      visitorsQueries.awaitingPage(
        db,
        clerk,
        approvalOrder(false),
        columnKeysetClauses(approvalOrder(false), {
          after: encodeCursor('2026-11-27T09:00:00.000Z', registrationId),
          skip: 0,
        }),
      ),
    "the queue's count": (db) => visitorsQueries.awaitingCount(db, clerk),
    "the dashboard's visitor figures": (db) =>
      visitorsQueries.summary(db, clerk, dayStart, new Date('2026-11-27T10:00:00Z')),
    "a registration's link in reach": (db) =>
      visitorsQueries.registrationLinkInReach(db, clerk, registrationId),
    "a reminder's facts": (db) => visitorsQueries.reminderOf(db, registrationId),
  },
};
