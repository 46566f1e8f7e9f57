/** Roles and their features: the roles module's public surface. */
export { listRoles, type RoleRecord } from './roles-repository.js';
export { roleViewer } from './roles-service.js';
export { rolesSqlSnapshot } from './roles-sql-snapshot.js';
export { roleRoutes } from './routes.js';
