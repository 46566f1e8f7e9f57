/** Liveness and readiness: the health module's public surface. */
export { healthRoutes } from './routes.js';
