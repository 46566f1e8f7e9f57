import { encodeCursor } from '../../db/keyset.js';
import { type ColumnKeysetOrder, columnKeysetClauses } from '../../db/keyset-queries.js';
import { type SqlSnapshot, samplePrincipal } from '../../db/sql-snapshots.js';
import { webhooksQueries } from './webhooks-repository.js';

const manager = {
  principal: samplePrincipal({ features: ['Users.Add'], access: ['SG01'], siteNumbers: ['1001'] }),
  companyId: 1,
};
const webhookId = '00000000-0000-4000-8000-000000000004';
const deliveryId = '00000000-0000-4000-8000-000000000005';
const eventId = '00000000-0000-4000-8000-000000000006';
const newestFirst = (column: string): ColumnKeysetOrder => ({
  key: { column, type: 'timestamptz' },
  id: { column: 'id', type: 'uuid' },
  desc: true,
});
const after = { after: encodeCursor('2026-11-01 10:00:00+00', deliveryId), skip: 0 };

/** The webhooks' statements with sample parameters, for their committed SQL (decision 31). */
export const webhooksSqlSnapshot: SqlSnapshot = {
  repository: 'modules/webhooks/webhooks-repository.ts',
  queries: {
    "a page of a client manager's webhooks": (db) =>
      webhooksQueries.page(
        db,
        manager,
        newestFirst('created_key'),
        columnKeysetClauses(newestFirst('created_key'), after),
      ),
    "the count of a client manager's webhooks": (db) => webhooksQueries.count(db, manager),
    'one visible webhook': (db) => webhooksQueries.visible(db, manager, webhookId),
    'one visible webhook, locked': (db) => webhooksQueries.visibleForUpdate(db, manager, webhookId),
    "the company's count": (db) => webhooksQueries.countOfCompany(db, 1),
    insert: (db) =>
      webhooksQueries.insert(db, {
        companyId: 1,
        createdBy: '00000000-0000-0000-0000-000000000001',
        url: 'https://hooks.example.com/portal',
        events: ['permit.added'],
        sites: ['1001'],
        secret: 'whsec_sample',
      }),
    'rotate the secret': (db) => webhooksQueries.rotate(db, webhookId, 'whsec_new'),
    'turn off': (db) => webhooksQueries.setEnabled(db, webhookId, false),
    delete: (db) => webhooksQueries.delete(db, webhookId),
    'a page of the delivery log': (db) =>
      webhooksQueries.deliveriesPage(
        db,
        webhookId,
        newestFirst('created_at'),
        columnKeysetClauses(newestFirst('created_at'), after),
      ),
    'the delivery log’s count': (db) => webhooksQueries.deliveriesCount(db, webhookId),
    'a page of a delivery’s attempts': (db) =>
      webhooksQueries.attemptsPage(
        db,
        deliveryId,
        newestFirst('attempted_at'),
        columnKeysetClauses(newestFirst('attempted_at'), after),
      ),
    'a delivery’s attempts count': (db) => webhooksQueries.attemptsCount(db, deliveryId),
    'one delivery': (db) => webhooksQueries.delivery(db, webhookId, deliveryId),
    replay: (db) => webhooksQueries.replay(db, webhookId, deliveryId),
    'any subscription on for a type': (db) => webhooksQueries.anyListening(db, 'permit.added'),
    'an event into the outbox': (db) =>
      webhooksQueries.recordEvents(db, 'permit.added', [
        { targets: ['1001', 'SG01'], data: { permitId: 1 } },
      ]),
    'claim undispatched events': (db) => webhooksQueries.claimUndispatched(db, 200),
    'their deliveries': (db) => webhooksQueries.insertDeliveries(db, [eventId]),
    'mark them dispatched': (db) => webhooksQueries.markDispatched(db, [eventId]),
    'what a delivery sends': (db) => webhooksQueries.toSend(db, deliveryId),
    'record an attempt': (db) =>
      webhooksQueries.recordAttempt(db, deliveryId, {
        status: 'failed',
        durationMs: 12,
        responseCode: 500,
        responseBody: 'oops',
        error: 'The receiver answered 500',
      }),
    'keep the attempt': (db) =>
      webhooksQueries.insertAttempt(db, deliveryId, {
        status: 'failed',
        durationMs: 12,
        responseCode: 500,
        responseBody: 'oops',
        error: 'The receiver answered 500',
      }),
    'a success': (db) => webhooksQueries.noteSuccess(db, webhookId),
    'a failure': (db) => webhooksQueries.noteFailure(db, webhookId),
    'turn off after a day of failures': (db) => webhooksQueries.turnOffFailing(db, webhookId),
    'prune the log': (db) => webhooksQueries.prune(db),
  },
};
