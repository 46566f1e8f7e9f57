import { encodeCursor } from '../../../db/keyset.js';
import { columnKeysetClauses } from '../../../db/keyset-queries.js';
import type { SqlSnapshot } from '../../../db/sql-snapshots.js';
import { type PermitQuery, permitOrder, permitStatements } from './permits-repository.js';

const now = new Date('2026-01-15T12:00:00.000Z');
/** A clerk's list: one site and the group it belongs to (merged per target). */
const oneSite: PermitQuery = { targets: ['1001', 'SG01'], now, expiredDays: 30 };
/** All sites, current permits, sorted by registration. */
const allSites: PermitQuery = { targets: 'all', state: 'current', now, expiredDays: 30 };
/** Without Permits.AllPermits: only the caller's own, one site, one registration. */
const ownOnly: PermitQuery = {
  targets: ['1001'],
  vehicleRegistration: 'AB12CDE',
  addedBy: '00000000-0000-0000-0000-000000000001',
  now,
  expiredDays: 30,
};
/** The search box: part of a plate, a name, or a reference (permitSearchOf('P1001-004242')). */
const searched: PermitQuery = {
  targets: ['1001', 'SG01'],
  search: { plate: 'P1001-004242', name: 'P1001-004242', reference: { target: '1001', permitId: 4242 } },
  now,
  expiredDays: 30,
};
const newestFirst = permitOrder(undefined, undefined);
const byRegistration = permitOrder('vehicleRegistration', 'asc');

/**
 * The permits list's hot path (every list request runs its page, count and last-seen statements) with
 * sample queries, for the SQL committed beside its repository (decision 31).
 */
export const permitsListSqlSnapshot: SqlSnapshot = {
  repository: 'modules/permits/list/permits-repository.ts',
  queries: {
    'page, one site and its group, first page': (db) =>
      permitStatements.page(db, oneSite, newestFirst, columnKeysetClauses(newestFirst, { skip: 0 })),
    'page, one site and its group, a later page': (db) =>
      permitStatements.page(
        db,
        oneSite,
        newestFirst,
        columnKeysetClauses(newestFirst, {
          after: encodeCursor('2026-01-10T09:00:00.000Z', '4242'),
          skip: 0,
        }),
      ),
    'page, all sites, current, by registration': (db) =>
      permitStatements.page(db, allSites, byRegistration, columnKeysetClauses(byRegistration, { skip: 0 })),
    'page, own permits only, one registration': (db) =>
      permitStatements.page(db, ownOnly, newestFirst, columnKeysetClauses(newestFirst, { skip: 0 })),
    'page, searched by part of a plate or name, or a reference': (db) =>
      permitStatements.page(db, searched, newestFirst, columnKeysetClauses(newestFirst, { skip: 0 })),
    'count, one site and its group': (db) => permitStatements.count(db, oneSite),
    'count, searched': (db) => permitStatements.count(db, searched),
    'count, all sites, current': (db) => permitStatements.count(db, allSites),
    'last seen of a page': (db) => permitStatements.lastSeen(db, [4242, 4243]),
  },
};
