import {
  createdWebhookSchema,
  webhookAttemptPageSchema,
  webhookAttemptsPageQuerySchema,
  webhookDeliveriesPageQuerySchema,
  webhookDeliveryPageSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookIdParamsSchema,
  webhookInputSchema,
  webhookPageSchema,
  webhookSchema,
  webhooksPageQuerySchema,
  webhookUpdateSchema,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionSecurity } from '../../plugins/openapi-security.js';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { useRuleMessages } from '../../plugins/rule-messages.js';
import { webhookRuleMessages } from './webhook-rule-messages.js';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  getWebhookDelivery,
  pageWebhookAttempts,
  pageWebhookDeliveries,
  pageWebhooks,
  replayWebhookDelivery,
  rotateWebhookSecret,
  setWebhookEnabled,
  type WebhookServiceContext,
} from './webhooks-service.js';

// Signed-in users only: a key never reaches webhook administration (nor holds Users.Add).
const common = { tags: ['webhooks'], security: sessionSecurity };

/** A client manager's webhooks for their company's systems; the operator's administrators see every one. */
export async function webhookRoutes(app: FastifyInstance) {
  app.signedInRoutes(app);
  useRuleMessages(app, webhookRuleMessages);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const managers = app.requireAnyFeature('Users.Add');
  // The operator's system administrators see, turn off and delete subscriptions too.
  const overseers = app.requireAnyFeature('Users.Add', 'Application.SysAdmin');
  const ctx = (): WebhookServiceContext => ({
    db: app.database.kysely,
    jobs: app.jobs,
    allowedHosts: app.settings.WEBHOOK_ALLOWED_INTERNAL_HOSTS,
  });
  const db = app.database.kysely;

  r.get(
    '/webhooks',
    {
      preValidation: overseers,
      schema: {
        ...common,
        summary:
          "One page of the webhooks the caller sees (their company's; every one for the operator), newest first",
        querystring: webhooksPageQuerySchema,
        response: { 200: webhookPageSchema, ...problemAnswers('gated') },
      },
    },
    async (request) => pageWebhooks(db, request.principal, request.query),
  );

  r.get(
    '/webhooks/:id',
    {
      preValidation: overseers,
      schema: {
        ...common,
        summary: 'One webhook the caller sees',
        params: webhookIdParamsSchema,
        response: { 200: webhookSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) => getWebhook(db, request.principal, request.params.id),
  );

  r.post(
    '/webhooks',
    {
      preValidation: managers,
      schema: {
        ...common,
        summary:
          'Subscribes a URL to events of the caller’s company at some of their sites; its secret is answered this once',
        body: webhookInputSchema,
        response: { 201: createdWebhookSchema, ...problemAnswers('gated', 'write') },
      },
    },
    async (request, reply) => {
      const created = await createWebhook(ctx(), request.principal, request.body);
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  r.post(
    '/webhooks/:id/rotate-secret',
    {
      preValidation: managers,
      schema: {
        ...common,
        summary: 'A new secret, answered this once; the previous one still signs beside it for a day',
        params: webhookIdParamsSchema,
        response: { 200: createdWebhookSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request, reply) => {
      const rotated = await rotateWebhookSecret(db, request.principal, request.params.id);
      return reply.header('cache-control', 'no-store').send(rotated);
    },
  );

  r.patch(
    '/webhooks/:id',
    {
      preValidation: overseers,
      schema: {
        ...common,
        summary: 'Turns a webhook on or off',
        params: webhookIdParamsSchema,
        body: webhookUpdateSchema,
        response: { 200: webhookSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) => setWebhookEnabled(db, request.principal, request.params.id, request.body.enabled),
  );

  r.delete(
    '/webhooks/:id',
    {
      preValidation: overseers,
      schema: {
        ...common,
        summary: 'Deletes a webhook and its delivery log',
        params: webhookIdParamsSchema,
        response: { 204: z.null(), ...problemAnswers('gated', 'item') },
      },
    },
    async (request, reply) => {
      await deleteWebhook(db, request.principal, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/webhooks/:id/deliveries',
    {
      preValidation: overseers,
      schema: {
        ...common,
        summary:
          "One page of a webhook's delivery log (kept 30 days), newest first, each with its latest attempt",
        params: webhookIdParamsSchema,
        querystring: webhookDeliveriesPageQuerySchema,
        response: { 200: webhookDeliveryPageSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) => pageWebhookDeliveries(db, request.principal, request.params.id, request.query),
  );

  r.get(
    '/webhooks/:id/deliveries/:deliveryId',
    {
      preValidation: overseers,
      schema: {
        ...common,
        summary: 'One delivery of a webhook, with its latest attempt',
        params: webhookDeliveryParamsSchema,
        response: { 200: webhookDeliverySchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) =>
      getWebhookDelivery(db, request.principal, request.params.id, request.params.deliveryId),
  );

  r.get(
    '/webhooks/:id/deliveries/:deliveryId/attempts',
    {
      preValidation: overseers,
      schema: {
        ...common,
        summary: "One page of a delivery's attempts (first send, retries and replays), newest first",
        params: webhookDeliveryParamsSchema,
        querystring: webhookAttemptsPageQuerySchema,
        response: { 200: webhookAttemptPageSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) =>
      pageWebhookAttempts(db, request.principal, request.params.id, request.params.deliveryId, request.query),
  );

  r.post(
    '/webhooks/:id/deliveries/:deliveryId/replay',
    {
      preValidation: overseers,
      schema: {
        ...common,
        summary: 'Sends a delivery again, with the same delivery id',
        params: webhookDeliveryParamsSchema,
        response: { 202: webhookDeliverySchema, ...problemAnswers('gated', 'item', 'write') },
      },
    },
    async (request, reply) => {
      const delivery = await replayWebhookDelivery(
        ctx(),
        request.principal,
        request.params.id,
        request.params.deliveryId,
      );
      return reply.status(202).send(delivery);
    },
  );
}
