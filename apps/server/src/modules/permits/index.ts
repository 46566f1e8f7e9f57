/** Permits: the permits module's public surface. */

export { ukStartOfDay } from './add/permit-dates.js';
export { startPermitCountCache } from './list/permit-count-cache.js';
export { permitRoutes } from './routes.js';
