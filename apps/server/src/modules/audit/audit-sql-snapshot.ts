import type { SqlSnapshot } from '../../db/sql-snapshots.js';
import { auditQueries } from './audit-repository.js';

const userId = '00000000-0000-4000-8000-000000000001';

/** The audit repository's statements with sample parameters, for its committed SQL (decision 31). */
export const auditSqlSnapshot: SqlSnapshot = {
  repository: 'modules/audit/audit-repository.ts',
  queries: {
    record: (db) =>
      auditQueries.record(db, {
        subject: { userId, email: 'someone@example.com' },
        actor: { userId, email: 'someone@example.com' },
        type: 'account.updated',
        description: 'Account updated',
        details: { field: 'name' },
      }),
    forUser: (db) => auditQueries.forUser(db, userId),
    byActor: (db) => auditQueries.byActor(db, userId, 5),
  },
};
