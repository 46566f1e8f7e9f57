import {
  type FeatureName,
  type TicketAction,
  type TicketHistoryState,
  ticketActionBodySchema,
  ticketActionParamsSchema,
  ticketActionResultSchema,
  ticketAllowanceSchema,
  ticketHistoryPageSchema,
  ticketHistoryQuerySchema,
  ticketListPageSchema,
  ticketListQuerySchema,
  ticketLookupParamsSchema,
  ticketSchema,
} from '@client-portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOrKeySecurity } from '../../plugins/openapi-security.js';
import { forbidden } from '../../plugins/problem.js';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { useRuleMessages } from '../../plugins/rule-messages.js';
import { policy } from '../access/index.js';
import { ticketRuleMessages } from './ticket-rule-messages.js';
import {
  allowancesFor,
  historyFor,
  listFor,
  lookupTicket,
  type TicketsContext,
  takeAction,
} from './tickets-service.js';

// Every permit and ticket operation admits an API key within its features and sites (decision 43).
const common = { tags: ['tickets'], security: sessionOrKeySecurity };

/** The feature each action needs: a reduction (`Pay`) needs Reduce. */
const actionFeature: Record<TicketAction, FeatureName> = { Cancel: 'Tickets.Cancel', Pay: 'Tickets.Reduce' };
const historyFeature: Record<TicketHistoryState, FeatureName> = {
  cancelled: 'Tickets.ViewCancelled',
  paid: 'Tickets.ViewReduced',
};

export async function ticketRoutes(app: FastifyInstance) {
  app.signedInRoutes(app);
  useRuleMessages(app, ticketRuleMessages);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (): TicketsContext => ({
    kysely: app.database.kysely,
    configCache: app.caches.config,
    mailer: app.mailer,
    settings: app.settings,
    log: app.log,
  });

  /** preHandler, after the any-of gate: the one feature that the validated request's `pick` names. */
  const requireFeatureOf =
    (pick: (request: FastifyRequest) => FeatureName) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      await app.authenticate(request, reply);
      if (!policy.holdsAnyFeature(request.principal, pick(request))) throw forbidden();
    };

  r.get(
    '/tickets/allowances',
    {
      preValidation: app.requireAnyFeature('Tickets.Cancel', 'Tickets.Reduce'),
      schema: {
        ...common,
        summary: "This calendar month's ticket allowances and their use at each of the caller's sites",
        response: { 200: z.array(ticketAllowanceSchema), ...problemAnswers('gated') },
      },
    },
    async (request) => allowancesFor(app.database.kysely, request.principal),
  );

  r.get(
    '/tickets',
    {
      preValidation: app.requireAnyFeature(...Object.values(historyFeature)),
      preHandler: requireFeatureOf(
        (request) => historyFeature[(request.query as { state: TicketHistoryState }).state],
      ),
      schema: {
        ...common,
        summary:
          "One page of the cancelled or reduced (state=paid) tickets at the caller's sites, newest action " +
          'first unless sorted, with the count',
        querystring: ticketHistoryQuerySchema,
        response: { 200: ticketHistoryPageSchema, ...problemAnswers('gated') },
      },
    },
    async (request) => historyFor(app.database.kysely, request.principal, request.query),
  );

  r.get(
    '/tickets/list',
    {
      preValidation: app.requireAnyFeature('Tickets.Cancel', 'Tickets.Reduce'),
      schema: {
        ...common,
        summary:
          "One page of the charges issued at the caller's sites, filtered (status, site, issue days, part of " +
          'the number or plate) and sorted by the server, newest issue first unless sorted, with the count',
        querystring: ticketListQuerySchema,
        response: { 200: ticketListPageSchema, ...problemAnswers('gated') },
      },
    },
    async (request) => listFor(app.database.kysely, request.principal, request.query),
  );

  r.get(
    '/tickets/:action/:ticketNumber',
    {
      preValidation: app.requireAnyFeature(...Object.values(actionFeature)),
      preHandler: requireFeatureOf(
        (request) => actionFeature[(request.params as { action: TicketAction }).action],
      ),
      schema: {
        ...common,
        summary:
          'A ticket the action (Cancel, or Pay = reduce) may be taken on; else 400 with every refusal code',
        params: ticketLookupParamsSchema,
        response: { 200: ticketSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) =>
      lookupTicket(
        app.database.kysely,
        request.principal,
        request.params.action,
        request.params.ticketNumber,
      ),
  );

  r.post(
    '/tickets/:ticketNumber/:action',
    {
      preValidation: app.requireAnyFeature(...Object.values(actionFeature)),
      preHandler: requireFeatureOf(
        (request) => actionFeature[(request.params as { action: TicketAction }).action],
      ),
      schema: {
        ...common,
        summary:
          'Cancel or reduce (Pay) a ticket, within the site allowance; else 400 with every refusal code. ' +
          'The body may give a reason (and a note, required with `other`); callers sending none still act',
        params: ticketActionParamsSchema,
        body: ticketActionBodySchema,
        response: { 200: ticketActionResultSchema, ...problemAnswers('gated', 'item', 'write') },
      },
    },
    async (request) =>
      takeAction(ctx(), request.principal, request.params.action, request.params.ticketNumber, request.body),
  );
}
