import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { validationFailed } from './problem.js';

const NUL_MESSAGE = 'Must not contain a NUL character.';

/** Paths (a.b.0.c) of every string in a parsed input that holds a NUL character. */
export function pathsWithNul(value: unknown, path: string[] = []): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path.join('.') || 'body'] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => pathsWithNul(item, [...path, String(i)]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => pathsWithNul(item, [...path, key]));
  }
  return [];
}

/**
 * PostgreSQL cannot store a NUL character in text, so an input holding one would fail in the
 * database. Every route refuses it up front as a validation error on the field.
 */
export const inputHygienePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const fields = [request.params, request.query, request.body].flatMap((part) => pathsWithNul(part));
    if (fields.length > 0) throw validationFailed(Object.fromEntries(fields.map((f) => [f, [NUL_MESSAGE]])));
  });
});
