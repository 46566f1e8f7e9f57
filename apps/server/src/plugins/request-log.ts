import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Settings } from '../settings.js';

/** The response header carrying the request id, and the request header a proxy may set it in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * A request id a proxy (nginx's `$request_id`, a load balancer's trace id) may hand us: a short token
 * of letters, digits and `._:-`. Anything else (too long, spaces, quotes, newlines) is not copied into
 * the logs; the request gets an id of our own.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** Fastify's `genReqId`: the proxy's id when it is a safe short token, else a new random one. */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}

/** What the log lines must never carry, wherever it slipped in (an error's message, a library's line). */
const EMAIL_ADDRESS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const JWT = /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g;
const BEARER = /(Bearer\s+)[^\s"\\]+/gi;

/** A log line with every e-mail address and token replaced: the last guard, behind not logging them. */
export function scrubLogLine(line: string): string {
  return line.replace(EMAIL_ADDRESS, '[email]').replace(JWT, '[token]').replace(BEARER, '$1[token]');
}

/** Where log lines go: anything with `write(line)` (stdout, pino-pretty, a test's memory). */
export interface LogSink {
  write(line: string): unknown;
}

/**
 * pino's options for the app (decision 37): JSON lines (or what `sink` makes of them) scrubbed of
 * e-mail addresses and tokens, with a request's method and route pattern, never its URL or headers,
 * when a request is logged.
 */
export function loggerOptions(
  settings: Pick<Settings, 'LOG_LEVEL'>,
  sink: LogSink,
): FastifyServerOptions['logger'] {
  return {
    level: settings.LOG_LEVEL,
    stream: { write: (line: string) => sink.write(scrubLogLine(line)) },
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, route: request.routeOptions?.url }),
    },
  };
}

/**
 * One log line per answered request, instead of Fastify's two (incoming, completed): its id (also
 * sent back as `x-request-id`), the signed-in user's id (never their address or token), the method,
 * the route pattern (never the URL: a password-reset code travels in one), the status and the duration.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const route = request.routeOptions.url ?? '(unmatched)';
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const line = {
      userId: request.principalIfSignedIn?.userId,
      apiKeyId: request.principalIfSignedIn?.apiKey?.id,
      method: request.method,
      route,
      status: reply.statusCode,
      ms,
      ...(error && { err: error }),
    };
    const message = `${request.method} ${route} ${reply.statusCode} in ${ms} ms`;
    if (error) request.log.error(line, message);
    else request.log.info(line, message);
  }
}

/** Sends every answer's request id back in `x-request-id`, for a caller or proxy to quote. */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
});
