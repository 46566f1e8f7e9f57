import { type SqlSnapshot, samplePrincipal } from '../../db/sql-snapshots.js';
import { sitesQueries } from './sites-repository.js';

/** A client user with two sites, one of them through a group granted to them. */
const client = samplePrincipal({ features: [], access: ['1001', 'SG01'], siteNumbers: ['1001', '1002'] });

/** The sites repository's statements with sample parameters, for its committed SQL (decision 31). */
export const sitesSqlSnapshot: SqlSnapshot = {
  repository: 'modules/sites/sites-repository.ts',
  queries: {
    accessible: (db) => sitesQueries.accessible(db, client),
    'accessible: all sites': (db) => sitesQueries.accessible(db, { ...client, accessAllSites: true }),
    search: (db) => sitesQueries.search(db, client, ['10', 'SG0'], { includeGroups: true, limit: 50 }),
    'search: sites only': (db) =>
      sitesQueries.search(db, client, ['100'], { includeGroups: false, limit: 50 }),
    site: (db) => sitesQueries.site(db, '1001'),
    group: (db) => sitesQueries.group(db, 'SG01'),
  },
};
