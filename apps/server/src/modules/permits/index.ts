/** Permits: the permits module's public surface. */
export { startPermitCountCache } from './permit-count-cache.js';
export { ukStartOfDay } from './permit-dates.js';
export { permitRoutes } from './routes.js';
