import {
  apiKeyIdParamsSchema,
  apiKeyInputSchema,
  apiKeyPageSchema,
  apiKeySchema,
  apiKeysPageQuerySchema,
  createdApiKeySchema,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionSecurity } from '../../plugins/openapi-security.js';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { useRuleMessages } from '../../plugins/rule-messages.js';
import { apiKeyRuleMessages } from './api-key-rule-messages.js';
import { createApiKey, pageApiKeys, revokeApiKey } from './api-keys-service.js';

// Signed-in users only: a key never reaches key administration (nor holds Users.Add).
const common = { tags: ['api keys'], security: sessionSecurity };

/** A client manager's keys for their company's systems; the operator's administrators see every key. */
export async function apiKeyRoutes(app: FastifyInstance) {
  app.signedInRoutes(app);
  useRuleMessages(app, apiKeyRuleMessages);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const managers = app.requireAnyFeature('Users.Add');
  // The operator's system administrators see and revoke keys too, whether or not they add users.
  const overseers = app.requireAnyFeature('Users.Add', 'Application.SysAdmin');

  r.get(
    '/api-keys',
    {
      preValidation: overseers,
      schema: {
        ...common,
        summary:
          "One page of the keys the caller sees (their company's; every key for the operator), newest first",
        querystring: apiKeysPageQuerySchema,
        response: { 200: apiKeyPageSchema, ...problemAnswers('gated') },
      },
    },
    async (request) => pageApiKeys(app.database.kysely, request.principal, request.query),
  );

  r.post(
    '/api-keys',
    {
      preValidation: managers,
      schema: {
        ...common,
        summary: 'Creates a key for the caller’s company; its text is answered this once and never again',
        body: apiKeyInputSchema,
        response: { 201: createdApiKeySchema, ...problemAnswers('gated') },
      },
    },
    async (request, reply) => {
      const created = await createApiKey(app.database.kysely, request.principal, request.body);
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  r.post(
    '/api-keys/:id/revoke',
    {
      preValidation: overseers,
      schema: {
        ...common,
        summary: 'Revokes a key at once, in every server process',
        params: apiKeyIdParamsSchema,
        response: { 200: apiKeySchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) => revokeApiKey(app.database.kysely, request.principal, request.params.id),
  );
}
