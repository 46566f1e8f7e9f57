import { permitCountSchema, permitFilterSchema, permitListSchema } from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { countPermitsFor, listPermitsFor } from './permits-service.js';

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

  r.get(
    '/permits',
    {
      preHandler: app.requireFeatures('Permits.View'),
      schema: {
        tags: ['permits'],
        summary:
          "The caller's permits matching the filter, newest start first (no state: every listed permit)",
        security: [{ bearer: [] }],
        querystring: permitFilterSchema,
        response: { 200: permitListSchema },
      },
    },
    async (request) => listPermitsFor(app.db, request.principal!, request.query),
  );
}
