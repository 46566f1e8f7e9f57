import { type SqlSnapshot, samplePrincipal } from '../../../db/sql-snapshots.js';
import { permitEditQueries } from './permit-edit-repository.js';

/** A clerk who may change only their own permits at one site. */
const clerk = samplePrincipal({
  features: ['Permits.View', 'Permits.Edit'],
  access: ['1001'],
  siteNumbers: ['1001'],
});

/** The permit page's and the edit's statements with sample parameters. */
export const permitEditSqlSnapshot: SqlSnapshot = {
  repository: 'modules/permits/edit/permit-edit-repository.ts',
  queries: {
    'a permit the caller may change, with who added it (prepared)': (db) =>
      permitEditQueries.find(db, clerk, { type: 'site', permitId: 4242 }, false),
    'the same, locked for an edit': (db) =>
      permitEditQueries.find(db, clerk, { type: 'site', permitId: 4242 }, true),
    'store the corrections': (db) =>
      permitEditQueries.update(db, 4242, {
        vehicleRegistration: 'GX19KLN',
        driverName: 'A Driver',
        reason: null,
        ended: new Date('2026-02-01T00:00:00.000Z'),
      }),
  },
};
