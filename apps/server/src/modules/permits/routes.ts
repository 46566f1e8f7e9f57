import { permitCountSchema, permitFilterSchema } from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { countPermitsFor } from './permits-service.js';

export async function permitRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/permits/_count',
    {
      preHandler: app.requireFeatures('Permits.View'),
      schema: {
        tags: ['permits'],
        summary: "How many of the caller's permits match the filter (no state: every listed permit)",
        security: [{ bearer: [] }],
        querystring: permitFilterSchema,
        response: { 200: permitCountSchema },
      },
    },
    async (request) => ({ count: await countPermitsFor(app.db, request.principal!, request.query) }),
  );
}
