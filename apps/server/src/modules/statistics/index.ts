/** Daily statistics and the answers read from them: the statistics module's public surface. */
export { statisticsRoutes } from './routes.js';
export { rebuildStatistics } from './statistics-rebuild.js';
export { scopeSiteMessages } from './statistics-rule-messages.js';
export { statisticsScope } from './statistics-service.js';
export { statisticsRebuildSqlSnapshot, statisticsSqlSnapshot } from './statistics-sql-snapshot.js';
