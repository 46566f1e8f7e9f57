import crypto from 'node:crypto';
import { applicationConfigSchema, applicationConfigUpdateSchema } from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { loadApplicationConfig, updateApplicationConfig } from './config-service.js';

export async function configRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/application/config',
    {
      schema: {
        tags: ['application'],
        summary: 'The application config entries (public: the sign-in page shows its banner)',
        response: {
          200: applicationConfigSchema,
          304: z.null().describe('Not modified'),
          ...problemAnswers('public'),
        },
      },
    },
    async (request, reply) => {
      const config = await loadApplicationConfig(app.database.kysely, app.applicationHash, app.caches.config);
      const etag = `"${crypto.createHash('sha256').update(JSON.stringify(config)).digest('base64url').slice(0, 22)}"`;
      // Revalidated on every use (a 304 for an unchanged ETag): a cached copy must never outlive a
      // change such as the end of maintenance. expiresIn still paces the browser's own refresh.
      reply.header('cache-control', 'no-cache');
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return config;
    },
  );

  r.post(
    '/application/config',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['application'],
        summary: 'Change config entries: each one only by a holder of its feature; null or blank unsets',
        security: [{ bearer: [] }],
        body: applicationConfigUpdateSchema,
        response: { 200: applicationConfigSchema, ...problemAnswers('gated', 'write') },
      },
    },
    async (request, reply) => {
      await updateApplicationConfig(app, request.principal, request.body.config);
      reply.header('cache-control', 'no-store');
      return loadApplicationConfig(app.database.kysely, app.applicationHash, app.caches.config);
    },
  );
}
