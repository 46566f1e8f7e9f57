import {
  SCIM_CONTENT_TYPE,
  SCIM_ERROR_SCHEMA,
  SCIM_USER_SCHEMA,
  type ScimError,
  scimDocumentListSchema,
  scimDocumentSchema,
  scimErrorSchema,
  scimListQuerySchema,
  scimPatchSchema,
  scimUserInputSchema,
  scimUserListSchema,
  scimUserParamsSchema,
  scimUserSchema,
} from '@client-portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toProblem } from '../../plugins/errors.js';
import { policy } from '../access/index.js';
import { listOf, serviceProviderConfig, userResourceType, userSchema } from './scim-discovery.js';
import { ScimProblem } from './scim-problem.js';
import {
  createScimUser,
  deleteScimUser,
  getScimUser,
  listScimUsers,
  patchScimUser,
  replaceScimUser,
  type ScimContext,
} from './scim-service.js';

/** SCIM takes API keys only (decision 46): a signed-in person is refused with 403. */
const keyOnly = [{ apiKey: [] }];

/** Every SCIM error answer, in SCIM's error schema (the one place the API does not answer problem+json). */
const errorAnswers = Object.fromEntries(
  [400, 401, 403, 404, 409, 429, 503].map((status) => [
    status,
    scimErrorSchema.describe(
      {
        400: 'Bad Request: scimType invalidValue, invalidFilter, invalidPath, invalidSyntax, mutability or noTarget',
        401: 'Unauthorized: no API key, or an unknown, expired or revoked one',
        403: 'Forbidden: a signed-in person, or a key without Users.Add or without a SCIM mapping',
        404: 'Not Found: no such account within the key’s reach',
        409: 'Conflict: scimType uniqueness (an account with this userName exists)',
        429: 'Too Many Requests: the key’s rate limit; try again after Retry-After seconds',
        503: 'Service Unavailable: try again after Retry-After seconds',
      }[status]!,
    ),
  ]),
);

const common = {
  tags: ['scim'],
  security: keyOnly,
  consumes: [SCIM_CONTENT_TYPE, 'application/json'],
  produces: [SCIM_CONTENT_TYPE],
};

const scimTypeOf = (status: number, error: unknown): string | undefined => {
  if (error instanceof ScimProblem) return error.scimType;
  if (status === 400) return 'invalidValue';
  if (status === 409) return 'uniqueness';
  return undefined;
};

/** Any error as SCIM's error answer (RFC 7644 section 3.12): status as a string, scimType where one fits. */
function scimErrorHandler(app: FastifyInstance) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const problem = toProblem(error, request.routeOptions.config.ruleMessages);
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    if (problem.status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
    if (problem.status === 503 && !reply.hasHeader('retry-after')) {
      reply.header('retry-after', String(app.settings.DATABASE_RETRY_AFTER_SECONDS));
    }
    const fields = Object.entries(problem.errors ?? {}).map(
      ([field, messages]) => `${field}: ${messages.join(' ')}`,
    );
    const scimType = scimTypeOf(problem.status, error);
    const body: ScimError = {
      schemas: [SCIM_ERROR_SCHEMA],
      status: String(problem.status),
      ...(scimType && { scimType }),
      detail: [problem.detail ?? problem.title, ...fields].join(' '),
    };
    return reply.status(problem.status).type(SCIM_CONTENT_TYPE).send(body);
  };
}

/**
 * SCIM 2.0 at /scim/v2 (issue 26, decision 46): a client's directory provisions its company's accounts
 * with an API key holding Users.Add. Keys only; the policy decides who the key acts as
 * (policy.scimProvisioner) and the user-accounts service does every change.
 */
export async function scimRoutes(app: FastifyInstance) {
  app.addContentTypeParser(
    SCIM_CONTENT_TYPE,
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.setErrorHandler(scimErrorHandler(app));
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .type(SCIM_CONTENT_TYPE)
      .send({
        schemas: [SCIM_ERROR_SCHEMA],
        status: '404',
        detail: `No SCIM resource at ${request.method} ${request.url}.`,
      }),
  );
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // A path SCIM does not have (/Groups, say) is 404 to anyone: there is nothing to authenticate for.
    if (!request.is404) await app.authenticate(request, reply);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (payload !== undefined && payload !== null && reply.statusCode !== 204) reply.type(SCIM_CONTENT_TYPE);
    return payload;
  });

  // A key holding Users.Add; anyone else 403 before the input is read.
  const scimKeys = async (request: FastifyRequest) => {
    if (!policy.isScimKey(request.principal)) {
      throw new ScimProblem(403, 'SCIM takes an API key holding Users.Add.');
    }
  };
  const ctx = (): ScimContext => ({
    kysely: app.database.kysely,
    mailer: app.mailer,
    settings: app.settings,
    log: app.log,
    base: `${app.settings.PUBLIC_URL}/scim/v2`,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/ServiceProviderConfig',
    {
      preValidation: scimKeys,
      schema: {
        ...common,
        summary: 'What this SCIM service provider supports (RFC 7643 section 5)',
        response: { 200: scimDocumentSchema, ...errorAnswers },
      },
    },
    async () => serviceProviderConfig(ctx().base),
  );

  r.get(
    '/ResourceTypes',
    {
      preValidation: scimKeys,
      schema: {
        ...common,
        summary: 'The resource types: User (RFC 7643 section 6)',
        response: { 200: scimDocumentListSchema, ...errorAnswers },
      },
    },
    async () => listOf([userResourceType(ctx().base)]),
  );

  r.get(
    '/ResourceTypes/:id',
    {
      preValidation: scimKeys,
      schema: {
        ...common,
        summary: 'One resource type',
        params: z.object({ id: z.string().max(200) }),
        response: { 200: scimDocumentSchema, ...errorAnswers },
      },
    },
    async (request) => {
      if (request.params.id !== 'User') throw new ScimProblem(404, 'No such resource type.');
      return userResourceType(ctx().base);
    },
  );

  r.get(
    '/Schemas',
    {
      preValidation: scimKeys,
      schema: {
        ...common,
        summary: 'The schemas: the User attributes the portal keeps (RFC 7643 section 7)',
        response: { 200: scimDocumentListSchema, ...errorAnswers },
      },
    },
    async () => listOf([userSchema(ctx().base)]),
  );

  r.get(
    '/Schemas/:id',
    {
      preValidation: scimKeys,
      schema: {
        ...common,
        summary: 'One schema',
        params: z.object({ id: z.string().max(200) }),
        response: { 200: scimDocumentSchema, ...errorAnswers },
      },
    },
    async (request) => {
      if (request.params.id !== SCIM_USER_SCHEMA) throw new ScimProblem(404, 'No such schema.');
      return userSchema(ctx().base);
    },
  );

  r.get(
    '/Users',
    {
      preValidation: scimKeys,
      schema: {
        ...common,
        summary:
          'The accounts within the key’s reach; filter=userName eq "…"; startIndex and count (at most 100)',
        querystring: scimListQuerySchema,
        response: { 200: scimUserListSchema, ...errorAnswers },
      },
    },
    async (request) => listScimUsers(ctx(), request.principal, request.query),
  );

  r.post(
    '/Users',
    {
      preValidation: scimKeys,
      schema: {
        ...common,
        summary: 'Creates an account with the key’s mapped role and sites, and invites it',
        body: scimUserInputSchema,
        response: { 201: scimUserSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const user = await createScimUser(ctx(), request.principal, request.body);
      return reply.status(201).header('location', user.meta.location).send(user);
    },
  );

  r.get(
    '/Users/:id',
    {
      preValidation: scimKeys,
      schema: {
        ...common,
        summary: 'One account within the key’s reach',
        params: scimUserParamsSchema,
        response: { 200: scimUserSchema, ...errorAnswers },
      },
    },
    async (request) => getScimUser(ctx(), request.principal, request.params.id),
  );

  r.put(
    '/Users/:id',
    {
      preValidation: scimKeys,
      schema: {
        ...common,
        summary: 'Replaces the account’s address and active state (other attributes are not kept)',
        params: scimUserParamsSchema,
        body: scimUserInputSchema,
        response: { 200: scimUserSchema, ...errorAnswers },
      },
    },
    async (request) => replaceScimUser(ctx(), request.principal, request.params.id, request.body),
  );

  r.patch(
    '/Users/:id',
    {
      preValidation: scimKeys,
      schema: {
        ...common,
        summary: 'Patches active (deactivates or activates) and userName; ops in any case',
        params: scimUserParamsSchema,
        body: scimPatchSchema,
        response: { 200: scimUserSchema, ...errorAnswers },
      },
    },
    async (request) => patchScimUser(ctx(), request.principal, request.params.id, request.body),
  );

  r.delete(
    '/Users/:id',
    {
      preValidation: scimKeys,
      schema: {
        ...common,
        summary: 'Removes the account (as the user-accounts screen does): it signs in no more',
        params: scimUserParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errorAnswers },
      },
    },
    async (request, reply) => {
      await deleteScimUser(ctx(), request.principal, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
