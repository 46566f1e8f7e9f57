import type { SqlSnapshot } from '../../db/sql-snapshots.js';
import { statisticsRebuildQueries } from './statistics-rebuild.js';
import { statisticsQueries } from './statistics-repository.js';

const sites = { siteNumbers: ['1001', '1002'], permitTargets: ['1001', '1002', 'G01'] };
const range = { from: '2026-01-01', to: '2026-01-31' };

/** The statistics repository's statements with sample parameters, for its committed SQL (decision 31). */
export const statisticsSqlSnapshot: SqlSnapshot = {
  repository: 'modules/statistics/statistics-repository.ts',
  queries: {
    parkingDays: (db) => statisticsQueries.parkingDays(db, sites, range),
    occupancyByWeekday: (db) => statisticsQueries.occupancyByWeekday(db, sites, range),
    permitsActiveBefore: (db) => statisticsQueries.permitsActiveBefore(db, sites, range.from),
    permitDays: (db) => statisticsQueries.permitDays(db, sites, range),
    permitReasons: (db) => statisticsQueries.permitReasons(db, sites, range),
    enforcementMonths: (db) => statisticsQueries.enforcementMonths(db, sites, range),
    monthlyAllowances: (db) => statisticsQueries.monthlyAllowances(db, sites),
    siteTotals: (db) => statisticsQueries.siteTotals(db, sites, range),
    allGroups: (db) => statisticsQueries.allGroups(db),
    groupsWithin: (db) => statisticsQueries.groupsWithin(db, sites.siteNumbers),
    allSiteNumbers: (db) => statisticsQueries.allSiteNumbers(db),
  },
};

/** The rebuild's statements (the aggregate SQL shown for transactions; the other tables' alike). */
export const statisticsRebuildSqlSnapshot: SqlSnapshot = {
  repository: 'modules/statistics/statistics-rebuild.ts',
  queries: {
    'lock the raw tables': () => statisticsRebuildQueries.lockSources(),
    'clear the site days': (db) => statisticsRebuildQueries.clearSiteDays(db),
    'clear the permit days': (db) => statisticsRebuildQueries.clearPermitDays(db),
    "the database's SQL adding a table's rows": () =>
      statisticsRebuildQueries.aggregateSql('transactions', 'stats_transactions_sql'),
    'count what was built': (db) => statisticsRebuildQueries.counts(db),
  },
};
