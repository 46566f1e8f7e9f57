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
export function inputProblems(value: unknown): Record<string, string[]> {
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
 * PostgreSQL cannot store a NUL character in text, so an input holding one would fail in the
 * database. Every route refuses it up front as a validation error on the field, and refuses a body
 * nested absurdly deep (which no schema of ours accepts) before anything walks it recursively.
 */
export const inputHygienePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const problems = Object.assign(
      {},
      ...[request.params, request.query, request.body].map((part) => inputProblems(part)),
    );
    if (Object.keys(problems).length > 0) throw validationFailed(problems);
  });
});
