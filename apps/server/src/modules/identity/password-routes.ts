import {
  changePasswordRequestSchema,
  confirmEmailRequestSchema,
  resetLinkRequestSchema,
  resetPasswordRequestSchema,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { policy } from '../access/index.js';
import type { IdentityContext } from './identity-context.js';
import {
  changePassword,
  checkResetCode,
  confirmEmail,
  resetPassword,
  sendResetLink,
} from './passwords-service.js';
import { enforceRateLimits, RATE_LIMITS } from './rate-limit.js';

/** The browser encodes the code twice; Fastify undoes one, this the other. */
const codeParams = z.object({
  code: z
    .string()
    .min(1)
    .max(300)
    .transform((c) => {
      try {
        return decodeURIComponent(c);
      } catch {
        return c;
      }
    }),
});

const noContent = { 204: z.null() };

/** Email confirmation, reset links, password reset and change. */
export async function passwordRoutes(app: FastifyInstance, { ctx }: { ctx: IdentityContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/user/confirm',
    {
      schema: {
        tags: ['user'],
        summary: 'Confirms an email address with the code of an invitation link',
        body: confirmEmailRequestSchema,
        response: { ...noContent, ...problemAnswers('write') },
      },
    },
    async (request, reply) => {
      await confirmEmail(ctx, request.body.code, request.body.email);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/user/password/reset-link',
    {
      schema: {
        tags: ['user'],
        summary: 'Mails a reset link if the address has an account; answers the same either way',
        body: resetLinkRequestSchema,
        response: { ...noContent, ...problemAnswers('rateLimited') },
      },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      await enforceRateLimits(app.database.kysely, reply, [
        { key: `reset:address:${request.ip}`, limit: RATE_LIMITS.resetLinkPerAddress },
        { key: `reset:account:${email}`, limit: RATE_LIMITS.resetLinkPerAccount },
      ]);
      // Answer first, work after: the time taken must not tell whether the account exists.
      setImmediate(() => {
        sendResetLink(ctx, email).catch((err) => request.log.error({ err }, 'reset link not sent'));
      });
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/user/password/reset/:code',
    {
      schema: {
        tags: ['user'],
        summary: 'Checks a reset code: 204 when usable, 404 when unknown, used or expired',
        params: codeParams,
        response: { ...noContent, ...problemAnswers('item') },
      },
    },
    async (request, reply) => {
      await checkResetCode(ctx, request.params.code);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/user/password/reset/:code',
    {
      schema: {
        tags: ['user'],
        summary: 'Sets a new password with a reset code; ends all sessions of the account',
        params: codeParams,
        body: resetPasswordRequestSchema,
        response: { ...noContent, ...problemAnswers('item', 'write') },
      },
    },
    async (request, reply) => {
      await resetPassword(ctx, request.params.code, request.body);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/user/password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user'],
        summary: "Changes the caller's password (password sessions only); ends their other sessions",
        security: [{ bearer: [] }],
        body: changePasswordRequestSchema,
        response: { ...noContent, ...problemAnswers('gated', 'write') },
      },
    },
    async (request, reply) => {
      await changePassword(ctx, policy.onOwnAccount(request.principal), request.body);
      return reply.code(204).send(null);
    },
  );
}
