/** Liveness and readiness: the health module's public surface. */
export { healthSqlSnapshot } from './health-sql-snapshot.js';
export { Readiness, type ReadinessCheck, readinessPlugin } from './readiness.js';
export { healthRoutes } from './routes.js';
