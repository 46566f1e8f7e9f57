import {
  visitConfirmAnswerSchema,
  visitConfirmSchema,
  visitInfoQuerySchema,
  visitLinkInfoSchema,
  visitStartAnswerSchema,
  visitStartSchema,
  visitTokenParamsSchema,
} from '@client-portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { languageOfRequest } from '../../i18n/index.js';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { useRuleMessages } from '../../plugins/rule-messages.js';
import { confirmVisit, startVisit, type VisitContext, visitLinkInfo } from './visit-service.js';
import { visitRuleMessages } from './visitor-rule-messages.js';

const common = { tags: ['visitors'] };

/**
 * The visitor's own page (decision 47): no sign-in; the link's token is the only key. Nothing answered
 * here names another visitor, permit or plate; every answer is no-store.
 */
export async function publicVisitRoutes(app: FastifyInstance) {
  useRuleMessages(app, visitRuleMessages);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): VisitContext => ({
    db: app.database.kysely,
    mailer: app.mailer,
    jobs: app.jobs,
    caches: app.caches,
    language: languageOfRequest(request),
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.get(
    '/public/visit/:token',
    {
      schema: {
        ...common,
        summary: "A visitor link's site, name and duration, and whether it takes visitors now",
        params: visitTokenParamsSchema,
        querystring: visitInfoQuerySchema,
        response: { 200: visitLinkInfoSchema, ...problemAnswers('public', 'item') },
      },
    },
    async (request) =>
      visitLinkInfo(
        app.database.kysely,
        request.params.token,
        request.query.kiosk,
        languageOfRequest(request),
      ),
  );

  r.post(
    '/public/visit/:token/start',
    {
      schema: {
        ...common,
        summary:
          'Starts a registration: plate warnings to confirm first, else a one-time code e-mailed (or handed to the kiosk)',
        params: visitTokenParamsSchema,
        body: visitStartSchema,
        response: {
          200: visitStartAnswerSchema,
          ...problemAnswers('public', 'item', 'write', 'rateLimited'),
        },
      },
    },
    async (request, reply) => startVisit(ctx(request), reply, request.ip, request.params.token, request.body),
  );

  r.post(
    '/public/visit/:token/confirm',
    {
      schema: {
        ...common,
        summary:
          "Confirms a registration with its code: the visitor's permit is stored (or waits for a host)",
        params: visitTokenParamsSchema,
        body: visitConfirmSchema,
        response: {
          200: visitConfirmAnswerSchema,
          ...problemAnswers('public', 'item', 'write', 'rateLimited'),
        },
      },
    },
    async (request, reply) =>
      confirmVisit(ctx(request), reply, request.ip, request.params.token, request.body),
  );
}
