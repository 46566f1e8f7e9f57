/** Background work on the job engine (pg-boss): the jobs module's public surface (decision 40). */
export {
  createJobEngine,
  type JobContext,
  type JobEngine,
  jobIdOf,
  type SendOptions,
} from './job-engine.js';
export { cronSchedules, type JobKind, jobKinds } from './job-kinds.js';
export { claimOnce, pruneJobsDone } from './jobs-repository.js';
export { jobsSqlSnapshot } from './jobs-sql-snapshot.js';
export { jobRoutes } from './routes.js';
export { watchJobs } from './watch-jobs.js';
