import {
  permitAddBodySchema,
  permitAddResultSchema,
  permitCountSchema,
  permitFilterSchema,
  permitKeySchema,
  permitPageQuerySchema,
  permitPageSchema,
  permitSchema,
  problemSchema,
  ukFileStamp,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../plugins/csv-download.js';
import { addPermits } from './permit-add-service.js';
import { expirePermit, permitFor } from './permit-expire-service.js';
import { permitCsvLines } from './permits-csv.js';
import { countPermitsFor, exportPermitsFor, pagePermitsFor } from './permits-service.js';

const common = { tags: ['permits'], security: [{ bearer: [] }] };
const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema };
/** The expire call takes no body; one sent anyway is ignored. */
const optionalBody = z.looseObject({}).nullish();

export async function permitRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/permits/_count',
    {
      preHandler: app.requireFeatures('Permits.View'),
      schema: {
        ...common,
        summary: "How many of the caller's permits match the filter (no state: every listed permit)",
        querystring: permitFilterSchema,
        response: { 200: permitCountSchema },
      },
    },
    async (request) => ({ count: await countPermitsFor(app.db, request.principal!, request.query) }),
  );

  r.get(
    '/permits',
    {
      preHandler: app.requireFeatures('Permits.View'),
      schema: {
        ...common,
        summary:
          "One page of the caller's permits matching the filter, newest start first unless sorted " +
          '(no state: every listed permit), with the total; a group permit is listed at its member sites',
        querystring: permitPageQuerySchema,
        response: { 200: permitPageSchema, 400: problemSchema, 404: problemSchema },
      },
    },
    async (request) => pagePermitsFor(app.db, request.principal!, request.query),
  );

  r.get(
    '/permits/_export',
    {
      preHandler: app.requireFeatures('Permits.View'),
      schema: {
        ...common,
        summary:
          'Every permit the list shows for this filter and sort, as CSV (UTF-8 with a byte order mark), ' +
          'streamed: clientportal-export-{timestamp}.csv',
        querystring: permitPageQuerySchema,
        produces: ['text/csv'],
        response: { 400: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const batches = await exportPermitsFor(app.db, request.principal!, request.query);
      return sendCsv(
        reply,
        `clientportal-export-${ukFileStamp(new Date())}.csv`,
        permitCsvLines(batches),
        'utf-8',
      );
    },
  );

  r.post(
    '/permits',
    {
      // Either feature lets the call in; the service then asks for the one its mode needs.
      preHandler: app.requireFeatures('Permits.Add', 'Permits.BulkAdd'),
      schema: {
        ...common,
        summary:
          'Add permits, all or nothing: one row with authorisedBy is a single add (Permits.Add), ' +
          'anything else a bulk add (Permits.BulkAdd) with messages keyed {line}_{field}',
        body: permitAddBodySchema,
        response: { 201: permitAddResultSchema, ...problems },
      },
    },
    async (request, reply) => {
      const permits = await addPermits(app.db, request.principal!, request.body);
      return reply.status(201).send({ success: true, permits });
    },
  );

  r.get(
    '/permits/:type/:permitId',
    {
      preHandler: app.requireFeatures('Permits.View', 'Permits.Disable'),
      schema: {
        ...common,
        summary: "One of the caller's permits by type (site or group) and id; 404 when out of reach",
        params: permitKeySchema,
        response: { 200: permitSchema, ...problems, 404: problemSchema },
      },
    },
    async (request) => permitFor(app.db, request.principal!, request.params),
  );

  r.post(
    '/permits/:type/:permitId/expire',
    {
      preHandler: app.requireFeatures('Permits.Disable'),
      schema: {
        ...common,
        summary: 'End a running permit now; 409 when it has not started or has already ended',
        params: permitKeySchema,
        body: optionalBody,
        response: { 200: permitSchema, ...problems, 404: problemSchema, 409: problemSchema },
      },
    },
    async (request) => expirePermit(app.db, request.principal!, request.params),
  );
}
