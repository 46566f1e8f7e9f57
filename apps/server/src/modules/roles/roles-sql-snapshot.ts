import type { SqlSnapshot } from '../../db/sql-snapshots.js';
import { rolesQueries } from './roles-repository.js';

/** The roles repository's statements with sample parameters, for its committed SQL (decision 31). */
export const rolesSqlSnapshot: SqlSnapshot = {
  repository: 'modules/roles/roles-repository.ts',
  queries: {
    all: (db) => rolesQueries.all(db),
    companyOfAccess: (db) => rolesQueries.companyOfAccess(db, ['1001', '1002'], ['G01']),
    nameTaken: (db) => rolesQueries.nameTaken(db, 'Site manager', 3, 12),
    lock: (db) => rolesQueries.lock(db, 12),
    liveHolderCount: (db) => rolesQueries.liveHolderCount(db, 12),
    holdersWithFlags: (db) => rolesQueries.holdersWithFlags(db, 12),
  },
};
