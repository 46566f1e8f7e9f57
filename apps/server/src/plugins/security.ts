import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers with a strict CSP: scripts only from our origin, never inline, and no page may be
 * framed. API answers are never stored by a cache unless their route says so (the public config):
 * they hold one user's data or tokens.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: { connectSources: string[] }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes at run time; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...options.connectSources],
        frameSrc: ["'self'", ...options.connectSources],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...options.connectSources],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  app.addHook('onSend', async (request, reply) => {
    const route = request.routeOptions.url ?? request.url;
    if (!route.startsWith('/api/') || route.startsWith('/api/docs')) return;
    if (request.principal || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});
