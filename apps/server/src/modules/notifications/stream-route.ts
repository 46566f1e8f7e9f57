import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { policy } from '../access/index.js';
import { type StreamClient, StreamHub } from './stream-hub.js';

const streamHeaders = z.object({
  // What the browser saw last; anything else is ignored (a fresh stream).
  'last-event-id': z.string().optional(),
});

const eventId = (text: string | undefined) =>
  text !== undefined && /^\d{1,15}$/.test(text) ? Number(text) : undefined;

/**
 * GET /api/notifications/stream: the caller's notifications as Server-Sent Events (decision 16). The
 * access token comes in the Authorization header like every other call (the browser reads the stream
 * with fetch, not EventSource), so no token ever sits in a URL or a log line.
 */
export const notificationStreamRoute = fp(async (app: FastifyInstance) => {
  const hub = new StreamHub(app.database, app.log);
  await hub.start();
  app.metrics.registerGauge({
    name: 'client_portal_live_streams',
    help: 'Live notification streams (Server-Sent Events) this process holds open.',
    read: () => hub.size,
  });
  // Open streams would keep the server from closing: each is told and ended first.
  app.addHook('preClose', () => hub.close());

  app.withTypeProvider<ZodTypeProvider>().get(
    '/notifications/stream',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['notifications'],
        security: [{ bearer: [] }],
        summary:
          "Live notifications (text/event-stream): `notification` events (published or withdrawn) with an id for Last-Event-ID, `resync`, `sent-read` (a sender's sent notification was read or unread: its new counts) and `end` when the session or the access token ends",
        headers: streamHeaders,
        response: {
          200: z.string().describe('A stream of Server-Sent Events'),
          ...problemAnswers('signedIn'),
        },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      const token = request.headers.authorization!.slice(7).trim();
      const claims = await app.tokens.verifyAccessToken(token);
      const exp = decodeJwt(token).exp ?? 0;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        // no-transform: no proxy may compress or rewrite it; X-Accel-Buffering: nginx passes it on at once.
        'cache-control': 'no-store, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      request.raw.socket.setNoDelay(true);
      const client: StreamClient = {
        userId: principal.userId,
        sessionId: principal.sessionId,
        securityStamp: claims!.securityStamp,
        sent: policy.sentAnnouncementsVisible(principal),
        expiresAt: exp * 1000,
        write: (text) => {
          if (res.writableEnded || res.destroyed) return false;
          res.write(text);
          return true;
        },
        close: () => res.end(),
      };
      res.on('close', () => hub.remove(client));
      await hub.add(client, eventId(request.headers['last-event-id']));
      if (res.destroyed) hub.remove(client);
    },
  );
});
