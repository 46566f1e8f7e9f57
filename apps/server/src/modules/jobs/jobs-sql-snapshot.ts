import type { SqlSnapshot } from '../../db/sql-snapshots.js';
import { jobsDoneQueries } from './jobs-repository.js';

/** The jobs module's statements with sample parameters, for its committed SQL (decision 31). */
export const jobsSqlSnapshot: SqlSnapshot = {
  repository: 'modules/jobs/jobs-repository.ts',
  queries: {
    claim: (db) => jobsDoneQueries.claim(db, 'permit-digest:2026-11-27:00000000-0000-4000-8000-000000000001'),
    pruneOlderThanDays: (db) => jobsDoneQueries.pruneOlderThanDays(db, 60),
  },
};
