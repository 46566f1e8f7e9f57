import {
  visitorApprovalListQuerySchema,
  visitorApprovalPageSchema,
  visitorApprovalParamsSchema,
  visitorDecisionAnswerSchema,
  visitorLinkIdParamsSchema,
  visitorLinkInputSchema,
  visitorLinkListQuerySchema,
  visitorLinkPageSchema,
  visitorLinkPosterSchema,
  visitorLinkSchema,
  visitorLinkUpdateSchema,
  visitorSummarySchema,
} from '@client-portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { languageOfRequest } from '../../i18n/index.js';
import { sessionSecurity } from '../../plugins/openapi-security.js';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { useRuleMessages } from '../../plugins/rule-messages.js';
import type { VisitContext } from './visit-service.js';
import { approveVisitor, awaitingApprovals, refuseVisitor } from './visitor-approvals-service.js';
import {
  createVisitorLink,
  listVisitorLinks,
  updateVisitorLink,
  visitorLinkFor,
  visitorLinkPoster,
  visitorSummary,
} from './visitor-links-service.js';
import { visitorRuleMessages } from './visitor-rule-messages.js';

// Staff only, signed in: a link's kiosk key is no business of a client's systems (decision 47).
const common = { tags: ['visitors'], security: sessionSecurity };

/**
 * A site's visitor links and the host approval queue, for a user who adds permits there
 * (Permits.Add at the link's site, asked of the policy; 404 out of reach).
 */
export async function visitorLinkRoutes(app: FastifyInstance) {
  app.signedInRoutes(app);
  useRuleMessages(app, visitorRuleMessages);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adders = app.requireAnyFeature('Permits.Add');
  const base = app.settings.PUBLIC_URL;
  const ctx = (request: FastifyRequest): VisitContext => ({
    db: app.database.kysely,
    mailer: app.mailer,
    jobs: app.jobs,
    caches: app.caches,
    language: languageOfRequest(request),
  });

  r.get(
    '/permits/visitor-links',
    {
      preValidation: adders,
      schema: {
        ...common,
        summary:
          "One page of the visitor links at the caller's sites (or one site's), by name, with today's use",
        querystring: visitorLinkListQuerySchema,
        response: { 200: visitorLinkPageSchema, ...problemAnswers('gated') },
      },
    },
    async (request) => listVisitorLinks(app.database.kysely, request.principal, request.query, base),
  );

  r.get(
    '/permits/visitor-summary',
    {
      preValidation: adders,
      schema: {
        ...common,
        summary:
          "The dashboard's visitor figures at the caller's links: links, visitor permits added today and running now, visitors waiting",
        response: { 200: visitorSummarySchema, ...problemAnswers('gated') },
      },
    },
    async (request) => visitorSummary(app.database.kysely, request.principal),
  );

  r.post(
    '/permits/visitor-links',
    {
      preValidation: adders,
      schema: {
        ...common,
        summary: 'Creates a visitor link for a site where the caller adds permits',
        body: visitorLinkInputSchema,
        response: { 201: visitorLinkSchema, ...problemAnswers('gated') },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createVisitorLink(app.database.kysely, request.principal, request.body, base)),
  );

  r.get(
    '/permits/visitor-links/:id',
    {
      preValidation: adders,
      schema: {
        ...common,
        summary: 'One visitor link',
        params: visitorLinkIdParamsSchema,
        response: { 200: visitorLinkSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) => visitorLinkFor(app.database.kysely, request.principal, request.params.id, base),
  );

  r.put(
    '/permits/visitor-links/:id',
    {
      preValidation: adders,
      schema: {
        ...common,
        summary: "Changes a visitor link's settings (on or off, expiry, duration, daily cap, host approval)",
        params: visitorLinkIdParamsSchema,
        body: visitorLinkUpdateSchema,
        response: { 200: visitorLinkSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) =>
      updateVisitorLink(app.database.kysely, request.principal, request.params.id, request.body, base),
  );

  r.get(
    '/permits/visitor-links/:id/poster',
    {
      preValidation: adders,
      schema: {
        ...common,
        summary: "The link with its public page's QR code (SVG, made on the server) for the A4 poster",
        params: visitorLinkIdParamsSchema,
        response: { 200: visitorLinkPosterSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) => visitorLinkPoster(app.database.kysely, request.principal, request.params.id, base),
  );

  r.get(
    '/permits/visitor-approvals',
    {
      preValidation: adders,
      schema: {
        ...common,
        summary: "One page of the visitors waiting for a host's approval at the caller's links, oldest first",
        querystring: visitorApprovalListQuerySchema,
        response: { 200: visitorApprovalPageSchema, ...problemAnswers('gated') },
      },
    },
    async (request) => awaitingApprovals(ctx(request), request.principal, request.query),
  );

  r.post(
    '/permits/visitor-approvals/:registrationId/approve',
    {
      preValidation: adders,
      schema: {
        ...common,
        summary:
          'Approves a waiting visitor: their permit is stored (cap, allowance and overlaps checked) and they are e-mailed',
        params: visitorApprovalParamsSchema,
        response: { 200: visitorDecisionAnswerSchema, ...problemAnswers('gated', 'item', 'write') },
      },
    },
    async (request) => approveVisitor(ctx(request), request.principal, request.params.registrationId),
  );

  r.post(
    '/permits/visitor-approvals/:registrationId/refuse',
    {
      preValidation: adders,
      schema: {
        ...common,
        summary: 'Refuses a waiting visitor: nothing is stored and they are e-mailed',
        params: visitorApprovalParamsSchema,
        response: { 200: visitorDecisionAnswerSchema, ...problemAnswers('gated', 'item', 'write') },
      },
    },
    async (request) => refuseVisitor(ctx(request), request.principal, request.params.registrationId),
  );
}
