import { siteSchema } from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOrKeySecurity } from '../../plugins/openapi-security.js';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { listAccessibleSites, searchSites } from './sites-repository.js';

const term = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[SG0-9-]{1,10}$/, 'Each number may hold only digits, S, G and hyphens (at most 10).');

const searchQuery = z.object({
  number: z.union([term, z.array(term).min(1).max(20)]).transform((v) => (Array.isArray(v) ? v : [v])),
  groups: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export async function siteRoutes(app: FastifyInstance) {
  app.signedInRoutes(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/sites/accessible',
    {
      schema: {
        tags: ['sites'],
        summary: "The caller's sites and site groups",
        security: sessionOrKeySecurity,
        response: { 200: z.array(siteSchema), ...problemAnswers('signedIn') },
      },
    },
    async (request) => listAccessibleSites(app.database.kysely, request.principal),
  );

  r.get(
    '/sites/search',
    {
      schema: {
        tags: ['sites'],
        summary: 'Sites and groups whose number starts with any of the given numbers',
        security: sessionOrKeySecurity,
        querystring: searchQuery,
        response: { 200: z.array(siteSchema), ...problemAnswers('signedIn') },
      },
    },
    async (request) =>
      searchSites(app.database.kysely, request.principal, request.query.number, {
        includeGroups: request.query.groups,
        limit: 50,
      }),
  );
}
