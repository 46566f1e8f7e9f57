import {
  USER_AUDIT_MAX_ENTRIES,
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
import {
  type AccountsContext,
  auditHistory,
  createAccount,
  getAccount,
  pageAccounts,
  removeAccount,
  resendConfirmation,
  updateAccount,
} from './user-accounts-service.js';

const idParams = z.object({ id: z.uuid('No such user account.') });
const common = { tags: ['user accounts'], security: [{ bearer: [] }] };

export async function userAccountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (): AccountsContext => ({
    db: app.db,
    mailer: app.mailer,
    settings: app.settings,
    log: app.log,
  });

  r.get(
    '/user/accounts',
    {
      preHandler: app.requireFeatures('Users.View'),
      schema: {
        ...common,
        summary:
          'One page of the accounts the caller manages (delegation rules apply), by e-mail, with the count',
        querystring: userAccountsPageQuerySchema,
        response: { 200: userAccountPageSchema },
      },
    },
    async (request) => pageAccounts(app.db, request.principal!, request.query),
  );

  r.get(
    '/user/accounts/:id',
    {
      // The remove and audit pages show whose account they act on, so their features read it too.
      preHandler: app.requireFeatures('Users.View', 'Users.Edit', 'Users.Remove', 'Users.ViewHistory'),
      schema: { ...common, summary: 'One account', params: idParams, response: { 200: userAccountSchema } },
    },
    async (request) => getAccount(app.db, request.principal!, request.params.id),
  );

  r.post(
    '/user/accounts',
    {
      preHandler: app.requireFeatures('Users.Add'),
      schema: {
        ...common,
        summary: 'Invite a new account (unconfirmed, no password)',
        body: userAccountInputSchema,
        response: { 201: userAccountSchema },
      },
    },
    async (request, reply) => {
      const account = await createAccount(ctx(), request.principal!, request.body);
      return reply.status(201).send(account);
    },
  );

  r.put(
    '/user/accounts/:id',
    {
      preHandler: app.requireFeatures('Users.Edit'),
      schema: {
        ...common,
        summary: "Change an account's e-mail, access, roles and flags",
        params: idParams,
        body: userAccountInputSchema,
        response: { 200: userAccountUpdateResultSchema },
      },
    },
    async (request) => {
      await updateAccount(ctx(), request.principal!, request.params.id, request.body);
      return { success: true, isValid: true, messages: {} };
    },
  );

  r.delete(
    '/user/accounts/:id',
    {
      preHandler: app.requireFeatures('Users.Remove'),
      schema: {
        ...common,
        summary: 'Remove an account (its history is kept)',
        params: idParams,
        response: { 204: z.null().describe('Removed') },
      },
    },
    async (request, reply) => {
      await removeAccount(app.db, request.principal!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/user/accounts/:id/resend-confirmation',
    {
      preHandler: app.requireFeatures('Users.Edit', 'Users.Add'),
      schema: {
        ...common,
        summary: 'Send the invitation e-mail again',
        params: idParams,
        response: { 200: userAccountSuccessSchema },
      },
    },
    async (request) => {
      await resendConfirmation(ctx(), request.principal!, request.params.id);
      return { success: true };
    },
  );

  r.get(
    '/user/accounts/:id/audit',
    {
      preHandler: app.requireFeatures('Users.ViewHistory'),
      schema: {
        ...common,
        summary: `An account's audit history, newest first: the latest ${USER_AUDIT_MAX_ENTRIES} entries at most`,
        params: idParams,
        response: { 200: userAuditHistorySchema },
      },
    },
    async (request) => auditHistory(app.db, request.principal!, request.params.id),
  );
}
