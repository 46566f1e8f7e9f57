/** Vehicle sightings (the operator's cameras) and the plate check: the sightings module's public surface. */
export { type PlateQuestion, plateWarnings } from './plate-check-service.js';
export { sightingRoutes } from './routes.js';
export { sightingsSqlSnapshot } from './sightings-sql-snapshot.js';
