import {
  applicationRoleSchema,
  createRoleSchema,
  type FeatureName,
  roleRemovalSchema,
  updateRoleSchema,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOfRequest } from '../../i18n/index.js';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { useRuleMessages } from '../../plugins/rule-messages.js';
import { roleRuleMessages } from './role-rule-messages.js';
import {
  createRole,
  getVisibleRole,
  listVisibleRoles,
  removeRole,
  roleRemovalCheck,
  toApplicationRole,
  updateRole,
} from './roles-service.js';

/** The user screens list roles too, so any Users.* feature may read them. */
const READERS: readonly FeatureName[] = [
  'Roles.View',
  'Roles.Add',
  'Roles.Edit',
  'Roles.Remove',
  'Users.View',
  'Users.Add',
  'Users.Edit',
  'Users.Remove',
  'Users.ViewHistory',
];

const idParams = z.object({ id: z.coerce.number().int().positive() });
const common = { tags: ['roles'], security: [{ bearer: [] }] };

export async function roleRoutes(app: FastifyInstance) {
  app.signedInRoutes(app);
  useRuleMessages(app, roleRuleMessages);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/application/roles',
    {
      preValidation: app.requireAnyFeature(...READERS),
      schema: {
        ...common,
        summary: 'Roles within the caller’s features',
        response: { 200: z.array(applicationRoleSchema), ...problemAnswers('gated') },
      },
    },
    async (request) =>
      (await listVisibleRoles(app.database.kysely, request.principal)).map(toApplicationRole),
  );

  r.get(
    '/application/roles/:id',
    {
      preValidation: app.requireAnyFeature(...READERS),
      schema: {
        ...common,
        summary: 'One role',
        params: idParams,
        response: { 200: applicationRoleSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) =>
      toApplicationRole(await getVisibleRole(app.database.kysely, request.principal, request.params.id)),
  );

  r.post(
    '/application/roles',
    {
      preValidation: app.requireAnyFeature('Roles.Add'),
      schema: {
        ...common,
        summary: 'Add a role',
        body: createRoleSchema,
        response: { 201: applicationRoleSchema, ...problemAnswers('gated', 'write') },
      },
    },
    async (request, reply) => {
      const role = await createRole(app.database.kysely, request.principal, request.body);
      return reply.status(201).send(toApplicationRole(role));
    },
  );

  r.put(
    '/application/roles/:id',
    {
      preValidation: app.requireAnyFeature('Roles.Edit'),
      schema: {
        ...common,
        summary: 'Rename a role or change its features (the parent cannot change)',
        params: idParams,
        body: updateRoleSchema,
        response: { 200: applicationRoleSchema, ...problemAnswers('gated', 'item', 'write') },
      },
    },
    async (request) =>
      toApplicationRole(
        await updateRole(app.database.kysely, request.principal, request.params.id, request.body),
      ),
  );

  r.get(
    '/application/roles/:id/removal',
    {
      preValidation: app.requireAnyFeature('Roles.Remove'),
      schema: {
        ...common,
        summary: 'Whether the role can be removed now: the reasons a removal would be refused (none: it can)',
        params: idParams,
        response: { 200: roleRemovalSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) => ({
      reasons: await roleRemovalCheck(
        app.database.kysely,
        request.principal,
        request.params.id,
        languageOfRequest(request),
      ),
    }),
  );

  r.delete(
    '/application/roles/:id',
    {
      preValidation: app.requireAnyFeature('Roles.Remove'),
      schema: {
        ...common,
        summary: 'Remove a role nobody holds and with no child roles',
        params: idParams,
        response: { 204: z.null().describe('Removed'), ...problemAnswers('gated', 'item', 'write') },
      },
    },
    async (request, reply) => {
      await removeRole(app.database.kysely, request.principal, request.params.id, languageOfRequest(request));
      return reply.status(204).send(null);
    },
  );
}
