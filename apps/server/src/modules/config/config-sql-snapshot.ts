import type { SqlSnapshot } from '../../db/sql-snapshots.js';
import { configQueries } from './config-repository.js';

/** The config repository's statements with sample parameters, for its committed SQL (decision 31). */
export const configSqlSnapshot: SqlSnapshot = {
  repository: 'modules/config/config-repository.ts',
  queries: {
    all: (db) => configQueries.all(db),
    lock: (db) => configQueries.lock(db, ['WelcomeMessage', 'PermitExpiredDays']),
    remove: (db) => configQueries.remove(db, 'WelcomeMessage'),
    upsert: (db) =>
      configQueries.upsert(db, 'WelcomeMessage', 'Hello', '00000000-0000-0000-0000-000000000001'),
  },
};
