import type { SqlSnapshot } from '../../db/sql-snapshots.js';
import { accessQueries } from './access-repository.js';

/** The caller's reload (every authenticated request, prepared) and the groups of sites. */
export const accessSqlSnapshot: SqlSnapshot = {
  repository: 'modules/access/access-repository.ts',
  queries: {
    'the caller with roles, flags, access and session (prepared)': (db) =>
      accessQueries.principal(
        db,
        '00000000-0000-4000-8000-000000000001',
        '00000000-0000-4000-8000-000000000002',
      ),
    'the groups of these sites (prepared)': (db) => accessQueries.groupsOfSites(db, ['1001', '1002']),
    'an API key by the hash of its text, with its sites (prepared)': (db) =>
      accessQueries.apiKey(db, 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9'),
  },
};
