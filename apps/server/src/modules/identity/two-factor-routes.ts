import {
  recoveryCodesSchema,
  twoFactorCodeRequestSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { policy } from '../access/index.js';
import type { IdentityContext } from './identity-context.js';
import {
  disableTwoFactor,
  enableTwoFactor,
  startTwoFactorSetup,
  twoFactorStatus,
} from './two-factor-service.js';

/** Two-factor (TOTP) enrolment and removal for the signed-in user. */
export async function twoFactorRoutes(app: FastifyInstance, { ctx }: { ctx: IdentityContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['user'], security: [{ bearer: [] }] };

  r.get(
    '/user/two-factor',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Whether two-factor sign-in is on',
        response: { 200: twoFactorStatusSchema, ...problemAnswers('signedIn') },
      },
    },
    async (request) => twoFactorStatus(ctx, policy.onOwnAccount(request.principal)),
  );

  r.post(
    '/user/two-factor/setup',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Starts enrolment: a new secret and its otpauth URI (not in force until enabled)',
        response: { 200: twoFactorSetupSchema, ...problemAnswers('gated', 'write') },
      },
    },
    async (request) => startTwoFactorSetup(ctx, policy.onOwnAccount(request.principal)),
  );

  r.post(
    '/user/two-factor/enable',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Confirms enrolment with a code; answers the recovery codes, shown this once',
        body: twoFactorCodeRequestSchema,
        response: { 200: recoveryCodesSchema, ...problemAnswers('gated', 'write') },
      },
    },
    async (request) => enableTwoFactor(ctx, policy.onOwnAccount(request.principal), request.body.code),
  );

  r.post(
    '/user/two-factor/disable',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Turns two-factor off with a current code or a recovery code',
        body: twoFactorCodeRequestSchema,
        response: { 204: z.null(), ...problemAnswers('gated', 'write') },
      },
    },
    async (request, reply) => {
      await disableTwoFactor(ctx, policy.onOwnAccount(request.principal), request.body.code);
      return reply.code(204).send(null);
    },
  );
}
