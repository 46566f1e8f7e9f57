/** Permit allowances per site or group: the permit-allowances module's public surface. */
export { readAllowances } from './permit-allowances-repository.js';
export { permitAllowancesSqlSnapshot } from './permit-allowances-sql-snapshot.js';
export { permitAllowanceRoutes } from './routes.js';
