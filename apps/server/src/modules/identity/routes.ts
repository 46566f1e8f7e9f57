import {
  loginRequestSchema,
  logoutRequestSchema,
  RECENT_ACTIONS_MAX,
  recentActionsSchema,
  refreshRequestSchema,
  ssoLoginRequestSchema,
  tokensSchema,
  userInfoSchema,
  userPreferencesSchema,
} from '@client-portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { useRuleMessages } from '../../plugins/rule-messages.js';
import { policy } from '../access/index.js';
import { listRecentActionsOf } from '../audit/index.js';
import type { IdentityContext } from './identity-context.js';
import { saveColourModeOf, saveLanguageOf } from './identity-repository.js';
import { identityRuleMessages } from './identity-rule-messages.js';
import { passwordRoutes } from './password-routes.js';
import { enforceRateLimits, RATE_LIMITS } from './rate-limit.js';
import { endSession, endSessionOfRefreshToken, refreshSession } from './sessions-service.js';
import { signInWithPassword } from './sign-in-service.js';
import { signInWithIdToken } from './sso-service.js';
import { twoFactorRoutes } from './two-factor-routes.js';
import { userInfoFor } from './user-info.js';

function identityContext(app: FastifyInstance): IdentityContext {
  return {
    kysely: app.database.kysely,
    mailer: app.mailer,
    settings: app.settings,
    tokens: app.tokens,
    log: app.log,
  };
}

/** Sign-in, tokens and sessions under /user, plus the password and two-factor routes. */
export async function identityRoutes(app: FastifyInstance) {
  useRuleMessages(app, identityRuleMessages);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = identityContext(app);

  r.post(
    '/user/login',
    {
      schema: {
        tags: ['user'],
        summary:
          'Password sign-in; refusals are 401 problems with detail LockedOut, NotAllowed, RequiresTwoFactor or Failed',
        body: loginRequestSchema,
        response: { 200: tokensSchema, ...problemAnswers('gated', 'rateLimited') },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(app.database.kysely, reply, [
        { key: `signin:address:${request.ip}`, limit: app.settings.SIGN_IN_LIMIT_PER_ADDRESS },
        { key: `signin:account:${request.body.email.toLowerCase()}`, limit: RATE_LIMITS.signInPerAccount },
      ]);
      return signInWithPassword(ctx, request.body);
    },
  );

  r.post(
    '/user/login/sso',
    {
      schema: {
        tags: ['user'],
        summary: 'Single sign-on with an ID token from the configured OpenID Connect provider',
        body: ssoLoginRequestSchema,
        response: { 200: tokensSchema, ...problemAnswers('gated', 'rateLimited', 'item') },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(app.database.kysely, reply, [
        { key: `signin:address:${request.ip}`, limit: app.settings.SIGN_IN_LIMIT_PER_ADDRESS },
      ]);
      return signInWithIdToken(ctx, request.body);
    },
  );

  r.post(
    '/user/refresh',
    {
      schema: {
        tags: ['user'],
        summary: 'Exchanges a refresh token (used once) for new tokens',
        body: refreshRequestSchema,
        response: { 200: tokensSchema, ...problemAnswers('signedIn') },
      },
    },
    async (request) => refreshSession(ctx, request.body.refreshToken),
  );

  r.post(
    '/user/logout',
    {
      schema: {
        tags: ['user'],
        summary: 'Ends the session of the bearer token, or of the refresh token in the body',
        body: logoutRequestSchema,
        response: { 204: z.null(), ...problemAnswers('public') },
      },
    },
    async (request, reply) => {
      const sessionId = await sessionOfBearer(app, request);
      if (sessionId) await endSession(app.database.kysely, sessionId);
      else if (request.body?.refreshToken)
        await endSessionOfRefreshToken(app.database.kysely, request.body.refreshToken);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/user/info',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        summary: "The caller's account, features, sites and flags",
        security: [{ bearer: [] }],
        response: { 200: userInfoSchema, ...problemAnswers('signedIn') },
      },
    },
    async (request) => userInfoFor(app.database.kysely, policy.onOwnAccount(request.principal)),
  );

  r.put(
    '/user/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user'],
        summary:
          "Remembers the caller's preferences (their colour mode, their language: 'en' or 'cy') for every device they sign in on; their e-mails go out in their language",
        security: [{ bearer: [] }],
        body: userPreferencesSchema,
        response: { 200: userPreferencesSchema, ...problemAnswers('signedIn', 'write') },
      },
    },
    async (request) => {
      const caller = policy.onOwnAccount(request.principal);
      const { colourMode, language } = request.body;
      if (colourMode) await saveColourModeOf(app.database.kysely, caller.userId, colourMode);
      if (language) await saveLanguageOf(app.database.kysely, caller.userId, language);
      return request.body;
    },
  );

  r.get(
    '/user/recent-actions',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        summary: `The caller's own latest actions (at most ${RECENT_ACTIONS_MAX}), newest first, from the audit`,
        security: [{ bearer: [] }],
        response: { 200: recentActionsSchema, ...problemAnswers('signedIn') },
      },
    },
    async (request) =>
      listRecentActionsOf(
        app.database.kysely,
        policy.onOwnAccount(request.principal).userId,
        RECENT_ACTIONS_MAX,
      ),
  );

  await app.register(passwordRoutes, { ctx });
  await app.register(twoFactorRoutes, { ctx });
}

/** Sign-out must work with an expired or revoked access token too, so a failed check is not an error. */
async function sessionOfBearer(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const claims = await app.tokens.verifyAccessToken(header.slice(7).trim());
  return claims?.sessionId ?? null;
}
