import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet's middleware sets for `options`, worked out once at start-up: the options are
 * constant, so every answer carries the same values (@fastify/helmet built the middleware again for
 * every request, parsing the CSP each time: a sixth of a cached signed-in request's CPU).
 */
function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/**
 * Security headers with a strict CSP: scripts only from our origin, never inline, and no page may be
 * framed. API answers are never stored by a cache unless their route says so (the public config):
 * they hold one user's data or tokens.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: { connectSources: string[] }) => {
  const headers = securityHeaders({
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

  // Set as the request arrives, so that every answer has them: errors, not-found and streams too.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const route = request.routeOptions.url ?? request.url;
    if (route.startsWith('/api/') && !route.startsWith('/api/docs')) {
      if (request.principalIfSignedIn || !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
});
