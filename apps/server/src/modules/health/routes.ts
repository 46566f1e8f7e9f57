import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemAnswers } from '../../plugins/problem-answers.js';

const aliveSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  /** Each readiness check by name: the database, its migrations, and whatever a module added. */
  checks: z.record(z.string(), z.enum(['ok', 'failing'])),
});

/**
 * GET /api/health: the process is up and answering (no database: a load balancer restarting processes
 * on it must not restart every one when the database goes). GET /api/ready: this process may be sent
 * requests, every readiness check holding (decision 37). Both public, like the sign-in routes.
 */
export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Is the process up? (Reads nothing from the database.)',
        response: { ...problemAnswers('public'), 200: aliveSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary:
          'May this process take requests? The database reachable, its migrations current and every other readiness check holding; 503 with Retry-After when not',
        response: { ...problemAnswers('public'), 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const { ready, checks } = await app.readiness.run();
      reply.header('cache-control', 'no-store');
      if (ready) return { status: 'ready' as const, checks };
      reply.header('retry-after', String(app.settings.DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ status: 'unavailable', checks });
    },
  );
}
