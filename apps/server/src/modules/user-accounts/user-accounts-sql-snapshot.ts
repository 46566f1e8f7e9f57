import { columnKeysetClauses } from '../../db/keyset-queries.js';
import { type SqlSnapshot, samplePrincipal } from '../../db/sql-snapshots.js';
import { userAccountsQueries } from './user-accounts-repository.js';

/** A client manager (the policy's conditions appear in full) at two sites and a group. */
const manager = samplePrincipal({
  userId: '00000000-0000-4000-8000-000000000001',
  features: ['Users.View', 'Users.Edit'],
  access: ['1001', 'G01'],
  siteNumbers: ['1001', '1002'],
});
const filter = { state: 'confirmed' as const, siteNumbers: ['1001', 'G01'], emailAddress: 'smith' };
const order = {
  key: { column: 'email_key', type: 'text' as const },
  id: { column: 'id', type: 'uuid' as const },
  desc: false,
};
const ids = ['00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000004'];

/** The user-accounts repository's statements with sample parameters, for its committed SQL (decision 31). */
export const userAccountsSqlSnapshot: SqlSnapshot = {
  repository: 'modules/user-accounts/user-accounts-repository.ts',
  queries: {
    page: (db) =>
      userAccountsQueries.page(db, manager, filter, order, columnKeysetClauses(order, { skip: 0 })),
    count: (db) => userAccountsQueries.count(db, manager, filter),
    manageable: (db) => userAccountsQueries.manageable(db, manager, ids[0]!, { forUpdate: true }),
    access: (db) => userAccountsQueries.access(db, ids),
    roles: (db) => userAccountsQueries.roles(db, ids),
    flags: (db) => userAccountsQueries.flags(db, ids),
    sites: (db) => userAccountsQueries.sites(db, ['1001', 'G01']),
    groups: (db) => userAccountsQueries.groups(db, ['1001', 'G01']),
    addressHolders: (db) => userAccountsQueries.addressHolders(db, manager, 'smith@example.com', ids[0]),
  },
};
