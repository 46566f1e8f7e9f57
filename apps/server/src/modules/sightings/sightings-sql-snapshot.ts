import type { SqlSnapshot } from '../../db/sql-snapshots.js';
import { sightingsQueries } from './sightings-repository.js';

const monthStart = new Date('2026-01-01T12:00:00Z');
const weekStart = new Date('2026-01-24T12:00:00Z');
const view = { targets: ['1001', 'SG01'] };

/** The sightings repository's statements with sample parameters, for its committed SQL (decision 31). */
export const sightingsSqlSnapshot: SqlSnapshot = {
  repository: 'modules/sightings/sightings-repository.ts',
  queries: {
    existingSites: (db) => sightingsQueries.existingSites(db, ['1001', '1002']),
    insert: (db) =>
      sightingsQueries.insert(db, [
        {
          siteNumber: '1001',
          registration: 'AB12CDE',
          enteredAt: '2026-01-30T08:15:00Z',
          exitedAt: null,
          readConfidence: 0.9,
        },
      ]),
    groupMembership: (db) => sightingsQueries.groupMembership(db, ['SG01'], ['1001']),
    seenCounts: (db) =>
      sightingsQueries.seenCounts(db, ['1001', '1001'], ['AB12CDE', 'AB12CDF'], monthStart, weekStart),
    permitPlates: (db) =>
      sightingsQueries.permitPlates(db, view, ['AB12CDE', 'AB12CDF'], ['1001', 'SG01'], monthStart),
    'permitPlates: but the permit edited': (db) =>
      sightingsQueries.permitPlates(db, view, ['AB12CDE'], ['1001'], monthStart, 42),
  },
};
