import type { SqlSnapshot } from '../../../db/sql-snapshots.js';
import { permitAddQueries } from './permit-add-repository.js';
import type { PlannedPermit } from './permit-add-rows.js';
import { permitConfirmationQueries } from './permit-confirmation.js';

const at = new Date('2026-01-15T12:00:00.000Z');

const planned: PlannedPermit = {
  rowId: 1,
  scope: 'site',
  target: '1001',
  sites: ['1001'],
  vehicleRegistration: 'GX19KLN',
  driverName: 'A Driver',
  isTemp: true,
  duration: 'Temporary',
  started: at,
  ended: new Date('2026-01-16T00:00:00.000Z'),
  reason: 1,
  authorisedBy: null,
};

/** The add's statements with sample parameters, for the SQL committed beside its repository. */
export const permitAddSqlSnapshot: SqlSnapshot = {
  repository: 'modules/permits/add/permit-add-repository.ts',
  queries: {
    'every site': (db) => permitAddQueries.sites(db),
    'every group with its member sites': (db) => permitAddQueries.groupMembers(db),
    'lock the sites in number order': (db) => permitAddQueries.lockSites(db, ['1001', '1002']),
    'then the groups': (db) => permitAddQueries.lockGroups(db, ['G01']),
    'stored permits of the vehicles (an edit leaves its own out)': (db) =>
      permitAddQueries.permitsOfVehicles(db, ['GX19KLN', 'AB12CDE'], at, 0),
    'live permits of each kind per site or group': (db) =>
      permitAddQueries.livePermitCounts(db, ['1001', 'G01'], at),
    "record a bulk add's upload": (db) => permitAddQueries.insertUpload(db, 'u1', 2, at),
    'store the permits (in chunks of 1,000 rows)': (db) =>
      permitAddQueries.insert(
        db,
        [planned, { ...planned, rowId: 2, vehicleRegistration: 'AB12CDE' }],
        'u1',
        7,
      ),
  },
};

/** The confirmation mail's one read. */
export const permitConfirmationSqlSnapshot: SqlSnapshot = {
  repository: 'modules/permits/add/permit-confirmation.ts',
  queries: {
    'the names of the sites and groups': (db) => permitConfirmationQueries.placeNames(db, ['1001', 'G01']),
  },
};
