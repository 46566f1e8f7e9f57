import type { SqlSnapshot } from '../db/sql-snapshots.js';
import { signingKeyQueries } from './signing-key.js';

/** The signing key's statements with a sample candidate. */
export const signingKeySqlSnapshot: SqlSnapshot = {
  repository: 'plugins/signing-key.ts',
  queries: {
    'offer a key': (db) => signingKeyQueries.offer(db, 'a-candidate-key'),
    'read the key': (db) => signingKeyQueries.read(db),
  },
};
