import {
  permitAddBodySchema,
  permitAddEnvelopeSchema,
  permitAddQuerySchema,
  permitAddResultSchema,
  permitAllowanceUseListSchema,
  permitCountSchema,
  permitDetailSchema,
  permitEditBodySchema,
  permitEditPlateCheckQuerySchema,
  permitEditResultSchema,
  permitExportQuerySchema,
  permitFilterSchema,
  permitHistorySchema,
  permitKeySchema,
  permitPageQuerySchema,
  permitPageSchema,
  permitSchema,
  permitUploadKeySchema,
  permitUploadSchema,
  plateCheckResultSchema,
  siteOrGroupNumberSchema,
  ukFileStamp,
} from '@client-portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translatorFor } from '../../i18n/index.js';
import { csvFileAnswer, sendCsv } from '../../plugins/csv-download.js';
import { sessionOrKeySecurity } from '../../plugins/openapi-security.js';
import { validationFailed } from '../../plugins/problem.js';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { sendXlsx, XLSX_CONTENT_TYPE } from '../../plugins/xlsx-download.js';
import { languageOfUser } from '../identity/index.js';
import { addPermits, permitAddModeFor } from './add/permit-add-service.js';
import { permitAllowanceUseFor } from './add/permit-allowance-use.js';
import { sendPermitConfirmations } from './add/permit-confirmation.js';
import { ticketsCoveredBy } from './add/permit-tickets-service.js';
import { cancelPermit, permitUploadFor, takeBackUpload } from './cancel/permit-cancel-service.js';
import { checkEditedPlate } from './edit/permit-edit-plates.js';
import { editPermit, permitDetailFor } from './edit/permit-edit-service.js';
import { expirePermit } from './expire/permit-expire-service.js';
import { permitHistoryFor } from './history/permit-history-service.js';
import { permitCsvLines, permitWorkbook } from './list/permits-csv.js';
import { countPermitsFor, exportPermitsFor, pagePermitsFor } from './list/permits-service.js';
import { presentPermitAddResult, presentPermitEditResult } from './permit-presenter.js';

// Every permit and ticket operation admits an API key within its features and sites (decision 43).
const common = { tags: ['permits'], security: sessionOrKeySecurity };
/** The expire and cancel calls take no body; one sent anyway is ignored. */
const optionalBody = z.looseObject({}).nullish();

/**
 * POST /permits validates its body against the typed rows with `attachValidation`: a body that is not
 * 1 to 5,000 objects is refused here, while the rows' fields are the service's to check one by one,
 * so that each message comes back under its line and field.
 */
function permitAddRequest(request: FastifyRequest) {
  const query = permitAddQuerySchema.safeParse(request.query);
  if (!query.success) throw validationFailed({ mode: ['Give mode=single or mode=bulk, or leave it out.'] });
  const rows = permitAddEnvelopeSchema.safeParse(request.body);
  if (!rows.success) throw request.validationError ?? validationFailed({ body: ['Send 1 to 5,000 rows.'] });
  return { mode: query.data.mode ?? permitAddModeFor(request.principal, rows.data), rows: rows.data };
}

export async function permitRoutes(app: FastifyInstance) {
  app.signedInRoutes(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/permits/_count',
    {
      preValidation: app.requireAnyFeature('Permits.View'),
      schema: {
        ...common,
        summary: "How many of the caller's permits match the filter (no state: every listed permit)",
        querystring: permitFilterSchema,
        response: { 200: permitCountSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) => ({
      count: await countPermitsFor(app.database.kysely, request.principal, request.query, app.caches),
    }),
  );

  r.get(
    '/permits',
    {
      preValidation: app.requireAnyFeature('Permits.View'),
      schema: {
        ...common,
        summary:
          "One page of the caller's permits matching the filter, newest start first unless sorted " +
          '(no state: every listed permit), with the total; a group permit is listed at its member sites',
        querystring: permitPageQuerySchema,
        response: { 200: permitPageSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) => pagePermitsFor(app.database.kysely, request.principal, request.query, app.caches),
  );

  r.get(
    '/permits/_export',
    {
      preValidation: app.requireAnyFeature('Permits.View'),
      schema: {
        ...common,
        summary:
          "Every permit the list shows for this filter and sort, with the list's columns, streamed: text for " +
          'Excel (format=csv: UTF-16LE with a byte order mark, tab-separated) or a workbook (format=xlsx: ' +
          'date cells in UK time, frozen header row with filters): clientportal-export-{timestamp}.{format}',
        querystring: permitExportQuerySchema,
        produces: ['text/csv', XLSX_CONTENT_TYPE],
        response: { 200: csvFileAnswer, ...problemAnswers('gated', 'item') },
      },
    },
    async (request, reply) => {
      // The download reads the replica when there is one (decision 41); the list stays on the primary.
      const batches = await exportPermitsFor(
        app.heavyReads.split(),
        request.principal,
        request.query,
        app.caches,
      );
      const fileName = `clientportal-export-${ukFileStamp(new Date())}.${request.query.format}`;
      // In the reader's language (decision 49); a key's downloads in its creator's.
      const t = translatorFor(await languageOfUser(app.database.kysely, request.principal.userId));
      return request.query.format === 'xlsx'
        ? sendXlsx(reply, fileName, permitWorkbook(batches, t))
        : sendCsv(reply, fileName, permitCsvLines(batches, t));
    },
  );

  r.post(
    '/permits',
    {
      // Either feature lets the call in; the service then asks for the one its mode needs.
      preValidation: app.requireAnyFeature('Permits.Add', 'Permits.BulkAdd'),
      attachValidation: true,
      schema: {
        ...common,
        summary:
          'Add permits, all or nothing: mode=single adds the one row of the form (Permits.Add), ' +
          'mode=bulk the rows of a CSV file (Permits.BulkAdd); a refusal keys its messages {field} or ' +
          '{line}_{field} and lists each check as rows [{line, field, code, params}]',
        description:
          'The spec calls POST /permits with an array body and no query string; `mode` is an optional ' +
          'explicit choice. Without it the mode is inferred from the body: exactly one row carrying ' +
          '`authorisedBy` or `reason` (the single form sends both; CSV rows never do) is a single add; ' +
          'several rows, or one row with neither, are a bulk add, except that one such row from a caller ' +
          'without Permits.BulkAdd is their single add. A single add carries exactly one row.',
        querystring: permitAddQuerySchema,
        body: permitAddBodySchema,
        response: { 201: permitAddResultSchema, ...problemAnswers('gated', 'write') },
      },
    },
    async (request, reply) => {
      const { mode, rows } = permitAddRequest(request);
      const principal = request.principal;
      const { permits, uploadId } = await addPermits(app.database.kysely, principal, mode, rows, app.caches);
      const [row] = rows;
      sendPermitConfirmations(
        { queries: app.database.kysely, mailer: app.mailer, settings: app.settings },
        principal,
        {
          mode,
          permits,
          authorisedBy: mode === 'single' ? String(row?.authorisedBy ?? '').trim() : null,
          driverEmail: mode === 'single' ? String(row?.driverEmail ?? '').trim() : null,
          at: new Date(),
        },
      ).catch((err: unknown) => request.log.error({ err }, 'permit confirmation not sent'));
      const coveredTickets = await ticketsCoveredBy(app.database.kysely, principal, permits);
      return reply.status(201).send(presentPermitAddResult(permits, coveredTickets, uploadId));
    },
  );

  r.get(
    '/permits/allowances/:site/use',
    {
      preValidation: app.requireAnyFeature('Permits.Add', 'Permits.BulkAdd', 'Permits.Allowances'),
      schema: {
        ...common,
        summary:
          "A site's (or a group's and its member sites') permit allowances beside the current and " +
          'upcoming permits that count against them now (null = no limit); 404 when out of reach',
        params: z.object({ site: z.string().trim().toUpperCase().pipe(siteOrGroupNumberSchema) }),
        response: { 200: permitAllowanceUseListSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) => permitAllowanceUseFor(app.database.kysely, request.principal, request.params.site),
  );

  r.get(
    '/permits/:type/:permitId',
    {
      preValidation: app.requireAnyFeature('Permits.View', 'Permits.Disable', 'Permits.Edit'),
      schema: {
        ...common,
        summary:
          "One of the caller's permits by type (site or group) and id, with its duration, reason and " +
          'who added it; 404 when out of reach',
        params: permitKeySchema,
        response: { 200: permitDetailSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) => permitDetailFor(app.database.kysely, request.principal, request.params),
  );

  r.get(
    '/permits/:type/:permitId/plate-check',
    {
      preValidation: app.requireAnyFeature('Permits.Edit'),
      schema: {
        ...common,
        summary:
          'The plate check of a registration a permit is being corrected to (Permits.Edit), at the ' +
          "permit's site or group, the permit itself left out: similarSeen, similarPermit, unknownFormat; " +
          '404 when out of reach',
        params: permitKeySchema,
        querystring: permitEditPlateCheckQuerySchema,
        response: { 200: plateCheckResultSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) => ({
      rows: [
        await checkEditedPlate(
          app.database.kysely,
          request.principal,
          request.params,
          request.query.registration,
        ),
      ],
    }),
  );

  r.get(
    '/permits/:type/:permitId/history',
    {
      preValidation: app.requireAnyFeature('Permits.View', 'Permits.Disable', 'Permits.Edit'),
      schema: {
        ...common,
        summary:
          "A permit's history, oldest first (added, each edited field with its old and new value, " +
          'expired; who and when), at most 200 rows with the total; 404 when out of reach',
        params: permitKeySchema,
        response: { 200: permitHistorySchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) => permitHistoryFor(app.database.kysely, request.principal, request.params),
  );

  r.put(
    '/permits/:type/:permitId',
    {
      preValidation: app.requireAnyFeature('Permits.Edit'),
      attachValidation: true,
      schema: {
        ...common,
        summary:
          'Correct a permit that has not ended (Permits.Edit): registration, driver name, reason and ' +
          'end day, within the add rules (400 with field codes as rows; 409 when it has ended); answers ' +
          'the fields changed, each written to its history, and the open tickets it covers',
        params: permitKeySchema,
        body: permitEditBodySchema,
        response: { 200: permitEditResultSchema, ...problemAnswers('gated', 'item', 'write') },
      },
    },
    async (request) => {
      // The fields are the service's to check one by one (after the 404), so each keeps its code.
      const key = permitKeySchema.safeParse(request.params);
      if (!key.success) throw request.validationError ?? validationFailed({ permitId: ['Not a permit.'] });
      const raw: unknown = request.body;
      const body =
        raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
      const { permit, changed } = await editPermit(
        app.database.kysely,
        request.principal,
        key.data,
        body,
        app.caches,
      );
      const coveredTickets = await ticketsCoveredBy(app.database.kysely, request.principal, [permit]);
      return presentPermitEditResult(permit, changed, coveredTickets);
    },
  );

  r.post(
    '/permits/:type/:permitId/expire',
    {
      preValidation: app.requireAnyFeature('Permits.Disable'),
      schema: {
        ...common,
        summary: 'End a running permit now; 409 when it has not started or has already ended',
        params: permitKeySchema,
        body: optionalBody,
        response: { 200: permitSchema, ...problemAnswers('gated', 'item', 'write') },
      },
    },
    async (request) =>
      expirePermit(app.database.kysely, request.principal, request.params, app.caches.permitCounts),
  );

  r.post(
    '/permits/:type/:permitId/cancel',
    {
      preValidation: app.requireAnyFeature('Permits.Disable'),
      schema: {
        ...common,
        summary:
          'Take back a permit that has not started (Permits.Disable): it ends now and is marked ' +
          'cancelled, freeing the allowance at once; 409 when it has started (expire it) or was cancelled',
        params: permitKeySchema,
        body: optionalBody,
        response: { 200: permitSchema, ...problemAnswers('gated', 'item', 'write') },
      },
    },
    async (request) =>
      cancelPermit(app.database.kysely, request.principal, request.params, app.caches.permitCounts),
  );

  r.get(
    '/permits/uploads/:uploadId',
    {
      preValidation: app.requireAnyFeature('Permits.Disable'),
      schema: {
        ...common,
        summary:
          'A bulk upload: how many permits, when and by whom, until when it may be taken back and ' +
          "whether it was; 404 unless every permit of it is the caller's to change",
        params: permitUploadKeySchema,
        response: { 200: permitUploadSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) => permitUploadFor(app.database.kysely, request.principal, request.params.uploadId),
  );

  r.post(
    '/permits/uploads/:uploadId/cancel',
    {
      preValidation: app.requireAnyFeature('Permits.Disable'),
      schema: {
        ...common,
        summary:
          'Take back a whole bulk upload within an hour of adding it, all or nothing: every permit of it ' +
          'that has not ended is cancelled; 409 after the hour or when already taken back',
        params: permitUploadKeySchema,
        body: optionalBody,
        response: { 200: permitUploadSchema, ...problemAnswers('gated', 'item', 'write') },
      },
    },
    async (request) =>
      takeBackUpload(
        app.database.kysely,
        request.principal,
        request.params.uploadId,
        app.caches.permitCounts,
      ),
  );
}
