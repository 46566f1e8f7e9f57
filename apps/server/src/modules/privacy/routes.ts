import {
  clientRetentionBodySchema,
  clientRetentionListSchema,
  clientRetentionSchema,
  companyIdParamsSchema,
  erasureInputSchema,
  erasureResultSchema,
  retentionCompanyQuerySchema,
  retentionNoticeSchema,
  subjectQuerySchema,
  subjectSummarySchema,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionSecurity } from '../../plugins/openapi-security.js';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { useRuleMessages } from '../../plugins/rule-messages.js';
import { eraseSubject } from './erasure-service.js';
import { privacyRuleMessages } from './privacy-rule-messages.js';
import { listRetention, myRetention, setClientRetention } from './retention-settings-service.js';
import { searchSubject, subjectZip } from './subject-access-service.js';

const common = { tags: ['privacy'], security: sessionSecurity };

/**
 * Personal data (issue 28, decision 48): retention periods per client, and subject access and erasure
 * for the operator's staff. The operator's own periods are application settings (POST
 * /application/config); the public privacy notice reads them from GET /application/config, and one car
 * park's from GET /privacy/retention/sites/{site} (public-routes.ts, decision 54).
 */
export async function privacyRoutes(app: FastifyInstance) {
  app.signedInRoutes(app);
  useRuleMessages(app, privacyRuleMessages);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The operator's administrators, and client administrators (Users.Add) for their own company
  // (policy.retentionCompanies, decision 52).
  const retentionSetters = app.requireAnyFeature('Application.SysAdmin', 'Users.Add');
  const subjectAccess = app.requireAnyFeature('Privacy.SubjectAccess');

  r.get(
    '/privacy/retention',
    {
      preValidation: retentionSetters,
      schema: {
        ...common,
        summary:
          "The operator's retention periods and the shorter ones (null: the operator's) of the client companies the caller may set, whose name contains `search` (at most 20, A to Z)",
        querystring: retentionCompanyQuerySchema,
        response: { 200: clientRetentionListSchema, ...problemAnswers('gated') },
      },
    },
    async (request) => listRetention(app, request.principal, request.query),
  );

  r.get(
    '/privacy/retention/mine',
    {
      schema: {
        ...common,
        summary:
          "The retention periods that apply to the caller's records: the operator's, and their client company's shorter ones (the privacy notice)",
        response: { 200: retentionNoticeSchema, ...problemAnswers('signedIn') },
      },
    },
    async (request) => myRetention(app, request.principal),
  );

  r.put(
    '/privacy/retention/companies/:companyId',
    {
      preValidation: retentionSetters,
      schema: {
        ...common,
        summary:
          "Sets a client company's retention periods: each may only shorten the operator's (null: the operator's)",
        params: companyIdParamsSchema,
        body: clientRetentionBodySchema,
        response: { 200: clientRetentionSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) => setClientRetention(app, request.principal, request.params.companyId, request.body),
  );

  r.get(
    '/privacy/subjects',
    {
      preValidation: subjectAccess,
      schema: {
        ...common,
        summary: 'How many records of each kind a person has, by registration or e-mail address (audited)',
        querystring: subjectQuerySchema,
        response: { 200: subjectSummarySchema, ...problemAnswers('gated') },
      },
    },
    async (request) => searchSubject(app, request.principal, request.query),
  );

  r.get(
    '/privacy/subjects/export',
    {
      preValidation: subjectAccess,
      schema: {
        ...common,
        summary:
          "A person's records as one zip, streamed: a CSV per kind of record and a README.txt of what each holds (audited)",
        querystring: subjectQuerySchema,
        produces: ['application/zip'],
        response: {
          200: z.string().describe('The zip, streamed as an attachment'),
          ...problemAnswers('gated'),
        },
      },
    },
    async (request, reply) => {
      const stream = await subjectZip(app, request.principal, request.query);
      void reply
        .type('application/zip')
        .header('content-disposition', 'attachment; filename="subject-access.zip"')
        .header('cache-control', 'no-store');
      // The zip is streamed as it is made; fastify does not check a stream against the schema.
      return reply.send(stream as unknown as string);
    },
  );

  r.post(
    '/privacy/erasures',
    {
      preValidation: subjectAccess,
      schema: {
        ...common,
        summary:
          "An accepted erasure request: the person's records anonymised at once, except what an open charge needs (listed with why)",
        body: erasureInputSchema,
        response: { 200: erasureResultSchema, ...problemAnswers('gated') },
      },
    },
    async (request) => eraseSubject(app, request.principal, request.body),
  );
}
