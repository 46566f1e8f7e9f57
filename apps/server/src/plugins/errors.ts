import { PROBLEM_CONTENT_TYPE, type Problem } from '@client-portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../db/postgres-errors.js';
import { ProblemError } from './problem.js';
import { type RuleMessages, validationMessage } from './rule-messages.js';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/** The SQLSTATE of a database error, also when the query builder wrapped it. */
function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (typeof e.code === 'string' && /^(22|23)[0-9A-Z]{3}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * Data the database refuses (class 22) is the caller's bad input; a constraint violation (class 23)
 * is a conflict with what is stored, typically two requests racing for the same unique value.
 */
function databaseProblem(state: string): Problem {
  return state.startsWith('22')
    ? { title: 'Bad Request', status: 400, detail: 'The request holds a value that cannot be stored.' }
    : {
        title: 'Conflict',
        status: 409,
        detail: 'The change conflicts with the current data; reload and try again.',
      };
}

/**
 * Turns every error into application/problem+json; 5xx are logged and their details hidden. A refused
 * body or query says each rule code in the words of `messages`, the route's area table.
 */
export function toProblem(error: FastifyError | ProblemError | Error, messages?: RuleMessages): Problem {
  if (error instanceof ProblemError) {
    return {
      title: error.title,
      status: error.status,
      detail: error.detail,
      errors: error.errors,
      ...error.extensions,
    };
  }
  const state = sqlState(error);
  if (state) return databaseProblem(state);
  if (isDatabaseUnreachable(error)) {
    return {
      title: 'Service Unavailable',
      status: 503,
      detail: 'The database cannot be reached at the moment; try again shortly.',
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const { field, message } = validationMessage(issue, messages);
      errors[field] ??= [];
      errors[field].push(message);
    }
    return { title: 'Validation failed', status: 400, detail: 'One or more fields are invalid.', errors };
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    return { title: titles[status] ?? 'Bad Request', status, detail: error.message };
  }
  return { title: 'Internal Server Error', status: 500, detail: 'An unexpected error occurred.' };
}

/**
 * Errors the router raises before any route or hook runs (a malformed percent-encoded path): the
 * same problem+json answer as every other error. Passed to Fastify as `frameworkErrors`.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const problem = toProblem(error);
  return reply.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem);
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = toProblem(error, request.routeOptions.config.ruleMessages);
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    if (problem.status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
    if (problem.status === 503 && !reply.hasHeader('retry-after')) {
      reply.header('retry-after', String(app.settings.DATABASE_RETRY_AFTER_SECONDS));
    }
    return reply.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem);
  });
});
