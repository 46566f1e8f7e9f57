import {
  NOTIFICATION_COMPANY_SEARCH_MAX,
  notificationCompanyListSchema,
  notificationCompanyQuerySchema,
  notificationInputSchema,
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
  notificationReadSchema,
  notificationSummarySchema,
  receivedNotificationPageSchema,
  receivedNotificationQuerySchema,
  sentNotificationPageSchema,
  sentNotificationQuerySchema,
  sentNotificationSchema,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../plugins/problem.js';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { useRuleMessages } from '../../plugins/rule-messages.js';
import { policy } from '../access/index.js';
import { reachableCompanies } from './audience.js';
import { notificationRuleMessages } from './notification-rule-messages.js';
import { listReceived, markAllRead, setRead, unreadSummary } from './notifications-repository.js';
import {
  loadPreferences,
  savePreferences,
  sendNotification,
  withdrawNotification,
} from './notifications-service.js';
import { listSent } from './sent-repository.js';

const common = { tags: ['notifications'], security: [{ bearer: [] }] };
const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/, 'Not a notification id.') });

export async function notificationRoutes(app: FastifyInstance) {
  app.signedInRoutes(app);
  useRuleMessages(app, notificationRuleMessages);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const send = app.requireAnyFeature('Notifications.Send');
  const queries = app.database.kysely;
  const sendContext = () => ({
    queries,
    mailer: app.mailer,
    settings: app.settings,
    log: app.log,
    jobs: app.jobs,
  });

  r.get(
    '/notifications',
    {
      schema: {
        ...common,
        summary: "The caller's notifications shown now, newest first (one page), with the unread count",
        querystring: receivedNotificationQuerySchema,
        response: { 200: receivedNotificationPageSchema, ...problemAnswers('signedIn') },
      },
    },
    async (request) => {
      const { unread, ...page } = request.query;
      return listReceived(queries, policy.onOwnAccount(request.principal).userId, unread, page);
    },
  );

  r.get(
    '/notifications/summary',
    {
      schema: {
        ...common,
        summary: 'The unread count (the bell) and the unread urgent notifications (the banner)',
        response: { 200: notificationSummarySchema, ...problemAnswers('signedIn') },
      },
    },
    async (request) => unreadSummary(queries, policy.onOwnAccount(request.principal).userId),
  );

  r.put(
    '/notifications/:id/read',
    {
      schema: {
        ...common,
        summary: 'Mark one notification read (acknowledge) or unread',
        params: idParams,
        body: notificationReadSchema,
        response: { 204: z.null(), ...problemAnswers('signedIn', 'item', 'write') },
      },
    },
    async (request, reply) => {
      if (
        !(await setRead(
          queries,
          policy.onOwnAccount(request.principal).userId,
          request.params.id,
          request.body.read,
        ))
      )
        throw notFound('The notification was not found.');
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/notifications/read-all',
    {
      schema: {
        ...common,
        summary: 'Mark every notification shown now read',
        response: { 200: z.object({ marked: z.number().int() }), ...problemAnswers('signedIn', 'write') },
      },
    },
    async (request) => ({
      marked: await markAllRead(queries, policy.onOwnAccount(request.principal).userId),
    }),
  );

  r.get(
    '/notifications/preferences',
    {
      schema: {
        ...common,
        summary: "The caller's email choice per notification category",
        response: { 200: notificationPreferencesSchema, ...problemAnswers('signedIn') },
      },
    },
    async (request) => loadPreferences(queries, policy.onOwnAccount(request.principal).userId),
  );

  r.put(
    '/notifications/preferences',
    {
      schema: {
        ...common,
        summary: 'Change the email choice of some categories (audited)',
        body: notificationPreferencesInputSchema,
        response: { 200: notificationPreferencesSchema, ...problemAnswers('signedIn', 'write') },
      },
    },
    async (request) =>
      savePreferences(app.database.kysely, policy.onOwnAccount(request.principal), request.body.email),
  );

  r.get(
    '/notifications/sent',
    {
      preValidation: send,
      schema: {
        ...common,
        summary: 'Sent notifications (all for all-sites senders, else their own) with reach and read counts',
        querystring: sentNotificationQuerySchema,
        response: { 200: sentNotificationPageSchema, ...problemAnswers('gated') },
      },
    },
    async (request) => listSent(queries, request.principal, request.query),
  );

  r.post(
    '/notifications/sent',
    {
      preValidation: send,
      schema: {
        ...common,
        summary: 'Send a notification now or at its start time (tenant rule: only users of your sites)',
        body: notificationInputSchema,
        response: { 201: sentNotificationSchema, ...problemAnswers('gated', 'item', 'write') },
      },
    },
    async (request, reply) => {
      const sent = await sendNotification(sendContext(), request.principal, request.body);
      return reply.code(201).send(sent);
    },
  );

  r.get(
    '/notifications/companies',
    {
      preValidation: send,
      schema: {
        ...common,
        summary: 'Client companies the caller may send to, whose name contains `search` (at most 20, A to Z)',
        querystring: notificationCompanyQuerySchema,
        response: { 200: notificationCompanyListSchema, ...problemAnswers('gated') },
      },
    },
    async (request) =>
      reachableCompanies(queries, request.principal, request.query.search, NOTIFICATION_COMPANY_SEARCH_MAX),
  );

  r.post(
    '/notifications/sent/:id/withdraw',
    {
      preValidation: send,
      schema: {
        ...common,
        summary: 'Withdraw a notification: its recipients no longer see it',
        params: idParams,
        response: { 200: sentNotificationSchema, ...problemAnswers('gated', 'item', 'write') },
      },
    },
    async (request) => withdrawNotification(app.database.kysely, request.principal, request.params.id),
  );
}
