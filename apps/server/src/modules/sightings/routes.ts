import {
  plateCheckBodySchema,
  plateCheckQuerySchema,
  plateCheckResultSchema,
  SIGHTINGS_IMPORT_MAX_ROWS,
  sightingImportBodySchema,
  sightingImportResultSchema,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationFailed } from '../../plugins/problem.js';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { checkOnePlate, checkPlates } from './plate-check-service.js';
import { importSightings } from './sighting-import-service.js';
import { parseSightingCsv } from './sightings-csv.js';

/** A CSV of 10,000 reads is some 700 KB; a little room for longer lines. */
const CSV_BODY_LIMIT = 2 * 1024 * 1024;

export async function sightingRoutes(app: FastifyInstance) {
  app.signedInRoutes(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The camera system may send its CSV export as it is (this plugin's routes only).
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: CSV_BODY_LIMIT }, (_req, body, done) =>
    done(null, parseSightingCsv(String(body))),
  );

  r.post(
    '/sightings',
    {
      preValidation: app.requireAnyFeature('Sightings.Import'),
      bodyLimit: CSV_BODY_LIMIT,
      attachValidation: true,
      schema: {
        tags: ['sightings'],
        security: [{ bearer: [] }],
        summary:
          "Store a batch of the operator's camera reads, all or nothing (Sightings.Import, operator only): " +
          'JSON {rows: [...]} or a text/csv body (siteNumber, registration, enteredAt, exitedAt, ' +
          `readConfidence; optional header line), 1 to ${SIGHTINGS_IMPORT_MAX_ROWS} rows; a refusal keys ` +
          'its messages {line}_{field}',
        consumes: ['application/json', 'text/csv'],
        body: z.union([sightingImportBodySchema, z.array(z.looseObject({}))]),
        response: { 201: sightingImportResultSchema, ...problemAnswers('gated') },
      },
    },
    async (request, reply) => {
      const body = request.body as unknown;
      const rows = Array.isArray(body) ? body : sightingImportBodySchema.safeParse(body).data?.rows;
      if (!rows || rows.length === 0 || rows.length > SIGHTINGS_IMPORT_MAX_ROWS) {
        throw validationFailed({ rows: [`Send 1 to ${SIGHTINGS_IMPORT_MAX_ROWS} rows.`] });
      }
      return reply.status(201).send({ imported: await importSightings(app.database.kysely, rows) });
    },
  );

  r.get(
    '/permits/plate-check',
    {
      preValidation: app.requireAnyFeature('Permits.Add', 'Permits.BulkAdd'),
      schema: {
        tags: ['permits'],
        security: [{ bearer: [] }],
        summary:
          'Warnings about one typed registration at a site or group before adding a permit: similarSeen, ' +
          'similarPermit (confirm to keep the typed plate) and unknownFormat (a note); 404 out of reach',
        querystring: plateCheckQuerySchema,
        response: { 200: plateCheckResultSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) => ({
      rows: [
        await checkOnePlate(app.database.kysely, request.principal, {
          target: request.query.site,
          registration: request.query.registration,
        }),
      ],
    }),
  );

  r.post(
    '/permits/plate-check',
    {
      preValidation: app.requireAnyFeature('Permits.Add', 'Permits.BulkAdd'),
      schema: {
        tags: ['permits'],
        security: [{ bearer: [] }],
        summary:
          'The same warnings for up to 5,000 rows of a bulk preview in one request; rows at places out ' +
          'of reach get the format note only',
        body: plateCheckBodySchema,
        response: { 200: plateCheckResultSchema, ...problemAnswers('gated') },
      },
    },
    async (request) => ({
      rows: await checkPlates(
        app.database.kysely,
        request.principal,
        request.body.rows.map((row) => ({
          id: row.id,
          target: row.site_SiteGroupNumber,
          registration: row.vehicleRegistration,
        })),
      ),
    }),
  );
}
