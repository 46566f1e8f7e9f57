import type { SqlSnapshot } from '../../db/sql-snapshots.js';
import { permitAllowancesQueries } from './permit-allowances-repository.js';

/** The permit allowances repository's statements with sample parameters, for its committed SQL (decision 31). */
export const permitAllowancesSqlSnapshot: SqlSnapshot = {
  repository: 'modules/permit-allowances/permit-allowances-repository.ts',
  queries: {
    read: (db) => permitAllowancesQueries.read(db, ['SG01', '1001', '1002']),
    remove: (db) => permitAllowancesQueries.remove(db, '1001'),
    upsert: (db) => permitAllowancesQueries.upsert(db, { number: '1001', temporary: 5, permanent: null }),
  },
};
