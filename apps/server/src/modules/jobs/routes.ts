import { jobsOverviewSchema } from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { recordAudit } from '../audit/index.js';
import { readJobsOverview, retryFailedJob } from './failed-jobs.js';

const common = { tags: ['admin'], security: [{ bearer: [] }] };
const idParams = z.object({ id: z.uuid('Not a job id.') });

/** The operator administrators' view of background work: queues, failures, and a retry. */
export async function jobRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sysAdmin = app.requireAnyFeature('Application.SysAdmin');

  r.get(
    '/admin/jobs',
    {
      preValidation: sysAdmin,
      schema: {
        ...common,
        summary: 'Each kind of background job (queued, retrying, running, failed) and the latest failures',
        response: { 200: jobsOverviewSchema, ...problemAnswers('gated') },
      },
    },
    async () => readJobsOverview(app.database.kysely),
  );

  r.post(
    '/admin/jobs/:id/retry',
    {
      preValidation: sysAdmin,
      schema: {
        ...common,
        summary: 'Puts a failed job back in its queue for another round of tries',
        params: idParams,
        response: { 204: z.null(), ...problemAnswers('gated', 'item') },
      },
    },
    async (request, reply) => {
      await retryFailedJob(app.database.kysely, app.jobs, request.params.id);
      const actor = { userId: request.principal.userId, email: request.principal.email };
      await recordAudit(app.database.kysely, {
        subject: actor,
        actor,
        type: 'JobRetried',
        description: `Retried the failed background job ${request.params.id}`,
        details: { jobId: request.params.id },
      });
      return reply.code(204).send(null);
    },
  );
}
