import {
  invoiceDataParamsSchema,
  invoiceDefinitionSchema,
  invoiceExportQuerySchema,
  invoiceKeyParamsSchema,
  invoicePageQuerySchema,
  invoicePageSchema,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { csvFileAnswer, sendCsv } from '../../plugins/csv-download.js';
import { featureArea } from '../../plugins/feature-area.js';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { sendXlsx, XLSX_CONTENT_TYPE } from '../../plugins/xlsx-download.js';
import { languageOfUser } from '../identity/index.js';
import { invoicingRuleMessages } from './invoicing-rule-messages.js';
import { definitionFor, invoiceExport, invoicePage, listDefinitions } from './invoicing-service.js';

export async function invoicingRoutes(app: FastifyInstance) {
  app.signedInRoutes(app);
  const { r, gated } = featureArea(app, {
    tag: 'invoicing',
    feature: 'Invoicing.Access',
    ruleMessages: invoicingRuleMessages,
    apiKeys: true,
  });

  r.get(
    '/invoice/_definitions',
    gated({
      summary: 'Every invoice definition',
      response: { 200: z.array(invoiceDefinitionSchema), ...problemAnswers('gated') },
    }),
    async () => listDefinitions(),
  );

  r.get(
    '/invoice/:key/_definition',
    gated({
      summary: 'One invoice definition; 404 for an unknown key',
      params: invoiceKeyParamsSchema,
      response: { 200: invoiceDefinitionSchema, ...problemAnswers('gated', 'item') },
    }),
    async (request) => definitionFor(request.params.key),
  );

  r.get(
    '/invoice/:key/:site',
    gated({
      summary:
        'One page of an invoice for a site or site group over [from, to): `to` is EXCLUSIVE (the last ' +
        'day + 1); at most one month, ending no later than today. Sorted by any column; with the row ' +
        'count and the totals of the whole invoice',
      params: invoiceDataParamsSchema,
      querystring: invoicePageQuerySchema,
      response: { 200: invoicePageSchema, ...problemAnswers('gated', 'item') },
    }),
    async (request) =>
      invoicePage(
        app.database.kysely,
        request.principal,
        request.params.key,
        request.params.site,
        request.query,
      ),
  );

  r.get(
    '/invoice/:key/:site/_export',
    gated({
      summary:
        'The whole invoice, streamed, in the asked order, ending with a totals line: text for Excel ' +
        '(format=csv: UTF-16LE with a byte order mark, tab-separated, UK dates and times) or a workbook ' +
        '(format=xlsx: date cells in UK time, frozen header row with filters): ' +
        '{site}-{invoice name}-{from}-{last day}.{format}',
      params: invoiceDataParamsSchema,
      querystring: invoiceExportQuerySchema,
      produces: ['text/csv', XLSX_CONTENT_TYPE],
      response: { 200: csvFileAnswer, ...problemAnswers('gated', 'item') },
    }),
    async (request, reply) => {
      const { fileName, lines, stream } = await invoiceExport(
        app.heavyReads.split(),
        request.principal,
        request.params.key,
        request.params.site,
        request.query,
        // In the reader's language (decision 53); a key's downloads in its creator's.
        await languageOfUser(app.database.kysely, request.principal.userId),
      );
      return lines ? sendCsv(reply, fileName, lines) : sendXlsx(reply, fileName, stream!);
    },
  );
}
