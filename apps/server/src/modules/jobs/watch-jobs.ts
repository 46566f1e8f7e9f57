import type { FastifyInstance } from 'fastify';
import type { JobEngine } from './job-engine.js';
import { readQueueStates } from './jobs-repository.js';

/**
 * The job engine on /api/ready (it must be running before this process takes requests) and on
 * /metrics: each kind's jobs by state and the age of its oldest waiting job, read at each scrape.
 */
export function watchJobs(app: FastifyInstance, jobs: JobEngine): void {
  app.readiness.add('jobs', async () => jobs.running());
  const states = () => readQueueStates(app.database.kysely);
  app.metrics.registerGauge({
    name: 'client_portal_jobs',
    help: 'Background jobs by kind and state (queued, retrying, active, failed).',
    labelNames: ['kind', 'state'],
    read: async () =>
      (await states()).flatMap((row) =>
        (['queued', 'retrying', 'active', 'failed'] as const).map((state) => ({
          labels: { kind: row.kind, state },
          value: row[state],
        })),
      ),
  });
  app.metrics.registerGauge({
    name: 'client_portal_jobs_oldest_queued_seconds',
    help: 'Age of the oldest job of each kind still waiting to run (0 when none waits).',
    labelNames: ['kind'],
    read: async () =>
      (await states()).map((row) => ({
        labels: { kind: row.kind },
        value: row.oldest_queued_at ? (Date.now() - new Date(row.oldest_queued_at).getTime()) / 1000 : 0,
      })),
  });
}
