/** User accounts managed by administrators: the user-accounts module's public surface. */
export { userAccountRoutes } from './routes.js';
