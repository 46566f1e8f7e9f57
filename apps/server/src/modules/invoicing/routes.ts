import {
  invoiceDataParamsSchema,
  invoiceDefinitionSchema,
  invoiceKeyParamsSchema,
  invoiceQuerySchema,
  invoiceRowsSchema,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { definitionFor, invoiceRows, listDefinitions } from './invoicing-service.js';

const common = { tags: ['invoicing'], security: [{ bearer: [] }] };

export async function invoicingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireFeatures('Invoicing.Access');

  r.get(
    '/invoice/_definitions',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Every invoice definition',
        response: { 200: z.array(invoiceDefinitionSchema) },
      },
    },
    async () => listDefinitions(),
  );

  r.get(
    '/invoice/:key/_definition',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'One invoice definition; 404 for an unknown key',
        params: invoiceKeyParamsSchema,
        response: { 200: invoiceDefinitionSchema },
      },
    },
    async (request) => definitionFor(request.params.key),
  );

  r.get(
    '/invoice/:key/:site',
    {
      preHandler,
      schema: {
        ...common,
        summary:
          'Invoice rows for a site or site group over [from, to): `to` is EXCLUSIVE (the last day + 1); ' +
          'at most one month, ending no later than today',
        params: invoiceDataParamsSchema,
        querystring: invoiceQuerySchema,
        response: { 200: invoiceRowsSchema },
      },
    },
    async (request) =>
      invoiceRows(app.db, request.principal!, request.params.key, request.params.site, request.query),
  );
}
