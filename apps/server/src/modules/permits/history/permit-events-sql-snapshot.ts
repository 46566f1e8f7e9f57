import type { SqlSnapshot } from '../../../db/sql-snapshots.js';
import { permitEventQueries } from './permit-events-repository.js';

const actor = { userId: '00000000-0000-0000-0000-000000000001', email: 'clerk@example.com' };

/** The permit history's statements with sample parameters, for the SQL committed beside its repository. */
export const permitEventsSqlSnapshot: SqlSnapshot = {
  repository: 'modules/permits/history/permit-events-repository.ts',
  queries: {
    'the added rows of a bulk add': (db) => permitEventQueries.added(db, [4242, 4243], actor),
    'a permit history': (db) => permitEventQueries.history(db, 4242),
    'how many events': (db) => permitEventQueries.count(db, 4242),
  },
};
