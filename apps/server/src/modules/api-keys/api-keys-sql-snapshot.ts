import { columnKeysetClauses } from '../../db/keyset-queries.js';
import { type SqlSnapshot, samplePrincipal } from '../../db/sql-snapshots.js';
import { apiKeysQueries } from './api-keys-repository.js';

const manager = {
  principal: samplePrincipal({
    features: ['Users.Add', 'Permits.View'],
    access: ['SG01'],
    siteNumbers: ['1001'],
  }),
  companyId: 1,
};
const order = {
  key: { column: 'created_key', type: 'timestamptz' },
  id: { column: 'id', type: 'uuid' },
  desc: true,
} as const;
const keyId = '00000000-0000-4000-8000-000000000003';

/** The API keys' statements with sample parameters, for their committed SQL (decision 31). */
export const apiKeysSqlSnapshot: SqlSnapshot = {
  repository: 'modules/api-keys/api-keys-repository.ts',
  queries: {
    "a page of a client manager's active keys": (db) =>
      apiKeysQueries.page(db, manager, 'active', order, columnKeysetClauses(order, { skip: 0 })),
    'their count': (db) => apiKeysQueries.count(db, manager, 'active'),
    'one visible key, locked': (db) => apiKeysQueries.visibleForUpdate(db, manager, keyId),
    insert: (db) =>
      apiKeysQueries.insert(db, {
        companyId: 1,
        createdBy: '00000000-0000-0000-0000-000000000001',
        name: 'Rota system',
        tokenHash: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9',
        lastFour: 'abcd',
        features: ['Permits.Add', 'Permits.View'],
        access: ['1001'],
        expiresAt: new Date('2027-11-28T00:00:00Z'),
        scimRoleId: 7,
        scimAccess: ['1001'],
      }),
    revoke: (db) => apiKeysQueries.revoke(db, keyId, '00000000-0000-0000-0000-000000000001'),
    'last use, at most once a minute': (db) => apiKeysQueries.noteUse(db, keyId),
  },
};
