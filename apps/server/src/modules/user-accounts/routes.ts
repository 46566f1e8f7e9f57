import {
  USER_AUDIT_MAX_ENTRIES,
  userAccountActiveSchema,
  userAccountInputSchema,
  userAccountPageSchema,
  userAccountSchema,
  userAccountSuccessSchema,
  userAccountsPageQuerySchema,
  userAccountUpdateResultSchema,
  userAuditHistorySchema,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { useRuleMessages } from '../../plugins/rule-messages.js';
import { accountRuleMessages } from './account-rule-messages.js';
import {
  type AccountsContext,
  auditHistory,
  createAccount,
  getAccount,
  pageAccounts,
  removeAccount,
  resendConfirmation,
  setAccountActive,
  updateAccount,
} from './user-accounts-service.js';

const idParams = z.object({ id: z.uuid('No such user account.') });
const common = { tags: ['user accounts'], security: [{ bearer: [] }] };

export async function userAccountRoutes(app: FastifyInstance) {
  app.signedInRoutes(app);
  useRuleMessages(app, accountRuleMessages);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (): AccountsContext => ({
    kysely: app.database.kysely,
    mailer: app.mailer,
    settings: app.settings,
    log: app.log,
  });

  r.get(
    '/user/accounts',
    {
      preValidation: app.requireAnyFeature('Users.View'),
      schema: {
        ...common,
        summary:
          'One page of the accounts the caller manages (delegation rules apply), by email, with the count',
        querystring: userAccountsPageQuerySchema,
        response: { 200: userAccountPageSchema, ...problemAnswers('gated') },
      },
    },
    async (request) => pageAccounts(app.database.kysely, request.principal, request.query),
  );

  r.get(
    '/user/accounts/:id',
    {
      // The remove and audit pages show whose account they act on, so their features read it too.
      preValidation: app.requireAnyFeature('Users.View', 'Users.Edit', 'Users.Remove', 'Users.ViewHistory'),
      schema: {
        ...common,
        summary: 'One account',
        params: idParams,
        response: { 200: userAccountSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) => getAccount(app.database.kysely, request.principal, request.params.id),
  );

  r.post(
    '/user/accounts',
    {
      preValidation: app.requireAnyFeature('Users.Add'),
      schema: {
        ...common,
        summary: 'Invite a new account (unconfirmed, no password)',
        body: userAccountInputSchema,
        response: { 201: userAccountSchema, ...problemAnswers('gated', 'write') },
      },
    },
    async (request, reply) => {
      const account = await createAccount(ctx(), request.principal, request.body);
      return reply.status(201).send(account);
    },
  );

  r.put(
    '/user/accounts/:id',
    {
      preValidation: app.requireAnyFeature('Users.Edit'),
      schema: {
        ...common,
        summary: "Change an account's email, access, roles and flags",
        params: idParams,
        body: userAccountInputSchema,
        response: { 200: userAccountUpdateResultSchema, ...problemAnswers('gated', 'item', 'write') },
      },
    },
    async (request) => {
      await updateAccount(ctx(), request.principal, request.params.id, request.body);
      return { success: true, isValid: true, messages: {} };
    },
  );

  r.put(
    '/user/accounts/:id/active',
    {
      // Those who may edit the account (decision 51): the same feature and the same reach as PUT above.
      preValidation: app.requireAnyFeature('Users.Edit'),
      schema: {
        ...common,
        summary:
          'Deactivate an account (no sign-in; its sessions end at once, in every process) or activate it again',
        params: idParams,
        body: userAccountActiveSchema,
        response: { 200: userAccountSchema, ...problemAnswers('gated', 'item', 'write') },
      },
    },
    async (request) => {
      await setAccountActive(app.database.kysely, request.principal, request.params.id, request.body.active);
      return getAccount(app.database.kysely, request.principal, request.params.id);
    },
  );

  r.delete(
    '/user/accounts/:id',
    {
      preValidation: app.requireAnyFeature('Users.Remove'),
      schema: {
        ...common,
        summary: 'Remove an account (its history is kept)',
        params: idParams,
        response: { 204: z.null().describe('Removed'), ...problemAnswers('gated', 'item', 'write') },
      },
    },
    async (request, reply) => {
      await removeAccount(app.database.kysely, request.principal, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/user/accounts/:id/resend-confirmation',
    {
      preValidation: app.requireAnyFeature('Users.Edit', 'Users.Add'),
      schema: {
        ...common,
        summary: 'Send the invitation email again',
        params: idParams,
        response: { 200: userAccountSuccessSchema, ...problemAnswers('gated', 'item', 'write') },
      },
    },
    async (request) => {
      await resendConfirmation(ctx(), request.principal, request.params.id);
      return { success: true };
    },
  );

  r.get(
    '/user/accounts/:id/audit',
    {
      preValidation: app.requireAnyFeature('Users.ViewHistory'),
      schema: {
        ...common,
        summary: `An account's audit history, newest first: the latest ${USER_AUDIT_MAX_ENTRIES} entries at most`,
        params: idParams,
        response: { 200: userAuditHistorySchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) => auditHistory(app.database.kysely, request.principal, request.params.id),
  );
}
