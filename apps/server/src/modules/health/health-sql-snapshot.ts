import type { SqlSnapshot } from '../../db/sql-snapshots.js';
import { healthQueries } from './health-repository.js';

/** The readiness checks' statements. */
export const healthSqlSnapshot: SqlSnapshot = {
  repository: 'modules/health/health-repository.ts',
  queries: {
    'applied migrations': (db) => healthQueries.appliedMigrations(db),
  },
};
