import { type SqlSnapshot, samplePrincipal } from '../../../db/sql-snapshots.js';
import { permitCancelQueries } from './permit-cancel-repository.js';

/** A clerk who may change only their own permits at one site. */
const clerk = samplePrincipal({
  features: ['Permits.View', 'Permits.Disable'],
  access: ['1001'],
  siteNumbers: ['1001'],
});
const at = new Date('2026-01-15T12:00:00.000Z');

/** The cancel's and the upload take-back's statements with sample parameters. */
export const permitCancelSqlSnapshot: SqlSnapshot = {
  repository: 'modules/permits/cancel/permit-cancel-repository.ts',
  queries: {
    'cancel permits (end them now, marked cancelled)': (db) =>
      permitCancelQueries.cancel(db, [4242, 4243], at),
    'an upload with who added and took it back, locked': (db) => permitCancelQueries.findUpload(db, 7, true),
    "how many of an upload's permits the caller may change": (db) =>
      permitCancelQueries.countChangeable(db, clerk, 7),
    "lock an upload's permits in id order": (db) => permitCancelQueries.lockUploadPermits(db, 7),
    'mark the upload taken back': (db) =>
      permitCancelQueries.markUploadTakenBack(db, 7, '00000000-0000-4000-8000-000000000001', at),
  },
};
