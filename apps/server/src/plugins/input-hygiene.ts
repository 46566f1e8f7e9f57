import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { validationFailed } from './problem.js';

const NUL_MESSAGE = 'Must not contain a NUL character.';
/** Far deeper than any input of ours; a deeper body is refused rather than walked. */
export const MAX_INPUT_DEPTH = 32;
const TOO_DEEP_MESSAGE = `Must not be nested more than ${MAX_INPUT_DEPTH} levels deep.`;

/**
 * Paths (a.b.0.c) of every string in a parsed input that holds a NUL character, and of any value
 * nested deeper than MAX_INPUT_DEPTH. Walks with its own stack, so no input can exhaust the call stack.
 */
function inputProblems(value: unknown): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: item, path } = stack.pop()!;
    const field = path.join('.') || 'body';
    if (typeof item === 'string') {
      if (item.includes('\u0000')) problems[field] = [NUL_MESSAGE];
    } else if (item && typeof item === 'object') {
      if (path.length >= MAX_INPUT_DEPTH) {
        problems[field] = [TOO_DEEP_MESSAGE];
        continue;
      }
      for (const [key, child] of Object.entries(item)) stack.push({ value: child, path: [...path, key] });
    }
  }
  return problems;
}

/**
 * True for what almost every request holds (absent, or a flat object of scalars such as a query
 * string or route parameters, no string holding a NUL): nothing to report, found without walking.
 */
function isFlatAndClean(value: unknown): boolean {
  if (typeof value === 'string') return !value.includes('\u0000');
  if (value === null || typeof value !== 'object') return true;
  for (const child of Object.values(value)) {
    if (child !== null && typeof child === 'object') return false;
    if (typeof child === 'string' && child.includes('\u0000')) return false;
  }
  return true;
}

/**
 * PostgreSQL cannot store a NUL character in text, so an input holding one would fail in the
 * database. Every route refuses it up front as a validation error on the field, and refuses a body
 * nested absurdly deep (which no schema of ours accepts) before anything walks it recursively.
 */
export const inputHygienePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    const { params, query, body } = request;
    if (isFlatAndClean(params) && isFlatAndClean(query) && isFlatAndClean(body)) return done();
    const problems = Object.assign({}, ...[params, query, body].map((part) => inputProblems(part)));
    done(Object.keys(problems).length > 0 ? validationFailed(problems) : undefined);
  });
});
