import {
  reportDefinitionSchema,
  reportKeyParamsSchema,
  reportQuerySchema,
  reportSubscriptionCreateSchema,
  reportSubscriptionIdParamsSchema,
  reportSubscriptionListSchema,
  reportSubscriptionSchema,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { languageOfRequest } from '../../i18n/index.js';
import { sendCsv } from '../../plugins/csv-download.js';
import { featureArea } from '../../plugins/feature-area.js';
import { sessionSecurity } from '../../plugins/openapi-security.js';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { sendXlsx, XLSX_CONTENT_TYPE as XLSX } from '../../plugins/xlsx-download.js';
import { languageOfUser } from '../identity/index.js';
import { reportRuleMessages } from './report-rule-messages.js';
import { listReportDefinitions, reportFile } from './reports-service.js';
import { cancelSubscription, ownSubscriptions, subscribe } from './subscriptions-service.js';

export async function reportRoutes(app: FastifyInstance) {
  app.signedInRoutes(app);
  const { r, gated } = featureArea(app, {
    tag: 'reports',
    feature: 'Reports.Access',
    ruleMessages: reportRuleMessages,
    apiKeys: true,
  });

  r.get(
    '/reports/_definitions',
    gated({
      summary: 'Every report definition',
      response: { 200: z.array(reportDefinitionSchema), ...problemAnswers('gated') },
    }),
    async (request) => listReportDefinitions(request.principal),
  );

  r.get(
    '/reports/subscriptions',
    gated({
      // A person's own mail: not for API keys.
      security: sessionSecurity,
      summary: "The caller's own report subscriptions (at most 20), newest first, each with its next mail",
      response: { 200: reportSubscriptionListSchema, ...problemAnswers('gated') },
    }),
    async (request) => ownSubscriptions(app.database.kysely, request.principal),
  );

  r.post(
    '/reports/subscriptions',
    gated({
      // A person's own mail: not for API keys.
      security: sessionSecurity,
      summary:
        'Subscribes the caller to a report by email, weekly or monthly, the file attached or linked. ' +
        'Each mail covers the period just ended and is built with the access the caller has then. ' +
        'A site or group out of reach answers 404; more than 20 live subscriptions 409',
      body: reportSubscriptionCreateSchema,
      response: { 201: reportSubscriptionSchema, ...problemAnswers('gated', 'item', 'write') },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await subscribe(app.database.kysely, request.principal, request.body, languageOfRequest(request)),
        ),
  );

  r.delete(
    '/reports/subscriptions/:id',
    gated({
      // A person's own mail: not for API keys.
      security: sessionSecurity,
      summary: "Cancels one of the caller's subscriptions (anyone else's answers 404)",
      params: reportSubscriptionIdParamsSchema,
      response: { 204: z.null(), ...problemAnswers('gated', 'item') },
    }),
    async (request, reply) => {
      await cancelSubscription(app.database.kysely, request.principal, request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/reports/:key',
    gated({
      summary:
        "One report, streamed, for a site, a site group or all the caller's sites: text for Excel (UTF-16LE " +
        'with a byte order mark, tab-separated) or .xlsx (date cells in UK time, frozen header with filters). Periodic reports take `from` and `to` (inclusive UK days, at ' +
        'most 13 months, not after today). A site or group out of reach answers 404',
      params: reportKeyParamsSchema,
      querystring: reportQuerySchema,
      produces: ['text/csv', XLSX],
      response: {
        200: z.string().describe('The CSV or .xlsx file, streamed as an attachment'),
        ...problemAnswers('gated', 'item'),
      },
    }),
    async (request, reply) => {
      const file = await reportFile(
        app.heavyReads.split(),
        request.principal,
        request.params.key,
        request.query,
        // In the reader's language (decision 53); a key's downloads in its creator's.
        await languageOfUser(app.database.kysely, request.principal.userId),
      );
      if (file.lines) return sendCsv(reply, file.fileName, file.lines);
      return sendXlsx(reply, file.fileName, file.stream!);
    },
  );
}
