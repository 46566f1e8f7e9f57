import type { SqlSnapshot } from '../../db/sql-snapshots.js';
import { anonymiseKeyQueries } from './anonymise.js';
import { erasureQueries } from './erasure-repository.js';
import { retentionQueries, walkedTables } from './retention-repository.js';
import { subjectQueries } from './subject-access-repository.js';

const now = new Date('2026-11-27T02:30:00Z');
const after = { at: new Date('2025-01-01T00:00:00Z'), id: 1000 };
const userIds = ['00000000-0000-0000-0000-000000000001'];
const pattern = 'driver@example\\.com';
const key = { inner: '36'.repeat(64), outer: '5c'.repeat(64) };
const walk = (operator: number, shortest: number) => ({ now, operator, shortest, after, limit: 500 });

/** The privacy module's statements with sample parameters, for their committed SQL (decision 31). */
export const privacySqlSnapshots: SqlSnapshot[] = [
  {
    repository: 'modules/privacy/anonymise.ts',
    queries: {
      'a candidate key offered': (db) => anonymiseKeyQueries.offer(db, 'c2FtcGxl'),
      'the key read': (db) => anonymiseKeyQueries.read(db),
    },
  },
  {
    repository: 'modules/privacy/retention-repository.ts',
    queries: {
      "client companies' shorter periods": (db) => retentionQueries.overrides(db),
      'the companies a viewer may set, by name': (db) =>
        retentionQueries.overridesInReach(db, 'all', '%acme%', 20),
      "a client administrator's own company": (db) => retentionQueries.overridesInReach(db, 7, '%%', 20),
      "one company's shorter periods": (db) => retentionQueries.overrideOf(db, 1),
      "a car park's company and its shorter periods": (db) => retentionQueries.siteNotice(db, '1001'),
      'one company': (db) => retentionQueries.company(db, 1),
      "a company's periods set": (db) =>
        retentionQueries.upsertOverride(
          db,
          1,
          { cameraReadDays: 14, permitMonths: null, transactionMonths: 12 },
          userIds[0] as string,
        ),
      "a day's run claimed": () => retentionQueries.claimRun('schedule:2026-11-27', 'schedule', 300),
      'its lease kept': (db) => retentionQueries.extendLease(db, 1, 300),
      'its record': (db) =>
        retentionQueries.finishRun(db, 1, { counts: { transactions: 1000 }, batches: 2, longestBatchMs: 40 }),
      "a batch's lock timeout": () => retentionQueries.lockTimeout(),
      "a walk's lock timeout": () => retentionQueries.sessionLockTimeout(),
      'the default set back': () => retentionQueries.resetLockTimeout(),
      'a batch of transactions past their time, anonymised': () =>
        retentionQueries.retentionBatch(walkedTables.transactions, walk(13, 12), key),
      'a batch of camera reads past their time, unless an open charge needs them, anonymised': () =>
        retentionQueries.retentionBatch(walkedTables.sightings, walk(30, 14), key),
      'a batch of ended permits past their time, anonymised with their history': () =>
        retentionQueries.retentionBatch(walkedTables.permits, walk(24, 24), key),
      'audit records past their time': () => retentionQueries.deleteAudit(now, 1000),
      'notifications past their time': () => retentionQueries.deleteNotifications(now, 1000),
    },
  },
  {
    repository: 'modules/privacy/subject-access-repository.ts',
    queries: {
      'the accounts of an address': () => subjectQueries.accounts('driver@example.com'),
      'permits of a registration': () => subjectQueries.permitsByRegistration('AB12CDE', 0, 500),
      'permits an account added': () => subjectQueries.permitsAddedBy(userIds, 0, 500),
      "a page of permits' history": () => subjectQueries.historyOfPermits([1, 2]),
      "an account's permit changes": () => subjectQueries.historyBy(userIds, 0, 500),
      'camera reads': () => subjectQueries.sightings('AB12CDE', 0, 500),
      tickets: () => subjectQueries.tickets('AB12CDE', '', 500),
      "a page of tickets' actions": () => subjectQueries.actionsOfTickets(['100000000001']),
      transactions: () => subjectQueries.transactions('AB12CDE', 0, 500),
      "an account's audit trail": () => subjectQueries.auditOfAccount(userIds[0] as string, 0, 500),
      "an address's failed sign-ins": () => subjectQueries.auditOfAddress('driver@example.com', 0, 500),
      "an account's notifications": () => subjectQueries.notifications(userIds[0] as string, 0, 500),
    },
  },
  {
    repository: 'modules/privacy/erasure-repository.ts',
    queries: {
      'open charges of a registration': () => erasureQueries.openTickets('AB12CDE'),
      'camera reads they need': () => erasureQueries.keptSightings('AB12CDE'),
      'permits they need': () => erasureQueries.keptPermits('AB12CDE'),
      'next transactions': () => erasureQueries.transactions('AB12CDE', 1000, key),
      'next camera reads': () => erasureQueries.sightings('AB12CDE', 1000, key),
      'next permits': () => erasureQueries.permits('AB12CDE', 1000, key),
      'closed charges': () => erasureQueries.closedTickets('AB12CDE', key),
      'accounts erased': () => erasureQueries.eraseAccounts(userIds),
      'their audit trail': () => erasureQueries.eraseAuditOfAccounts(userIds, pattern),
      "the address's failed sign-ins": () =>
        erasureQueries.eraseAuditOfAddress('driver@example.com', pattern),
      'their permit changes': () => erasureQueries.erasePermitHistoryEmails(userIds),
      'notifications they sent': () => erasureQueries.eraseSenderEmails(userIds),
      'failures of an address without account': () =>
        erasureQueries.forgetAddressFailures('driver@example.com'),
      'an erasure recorded': () =>
        erasureQueries.claimErasure('erasure:00000000-0000-4000-8000-000000000001'),
    },
  },
];
