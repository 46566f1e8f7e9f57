import { type SqlSnapshot, samplePrincipal } from '../../../db/sql-snapshots.js';
import { permitExpireQueries } from './permit-expire-repository.js';

/** A clerk who may change only their own permits at one site. */
const clerk = samplePrincipal({
  features: ['Permits.View', 'Permits.Expire'],
  access: ['1001'],
  siteNumbers: ['1001'],
});

/** The expiry's statements with sample parameters, for the SQL committed beside its repository. */
export const permitExpireSqlSnapshot: SqlSnapshot = {
  repository: 'modules/permits/expire/permit-expire-repository.ts',
  queries: {
    'find a permit the caller may change, locked': (db) =>
      permitExpireQueries.find(db, clerk, { type: 'site', permitId: 4242 }, true),
    'end it': (db) => permitExpireQueries.end(db, 4242, new Date('2026-01-15T12:00:00.000Z')),
  },
};
