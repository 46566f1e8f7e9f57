import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemAnswers } from '../../plugins/problem-answers.js';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Is the API up and its database reachable?',
        response: { ...problemAnswers('public'), 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const reachable = await app.database.ping().catch(() => false);
      reply.header('cache-control', 'no-store');
      return reachable ? { status: 'ok' as const } : reply.status(503).send({ status: 'unavailable' });
    },
  );
}
