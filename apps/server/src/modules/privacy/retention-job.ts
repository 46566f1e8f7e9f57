import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { runRetention } from './retention-service.js';

/** The retention job (cron in modules/jobs/job-kinds.ts): one run per UK day across every process. */
export function retentionJobs(app: FastifyInstance): void {
  app.jobs.handle('retention.run', z.object({}).loose(), async () => {
    await runRetention({ db: app.database.kysely, log: app.log }, new Date());
  });
}
