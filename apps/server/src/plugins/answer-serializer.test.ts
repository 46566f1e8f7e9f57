import { permitCountSchema, permitDetailSchema, permitPageSchema } from '@client-portal/contract';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler, compileProjection } from './answer-serializer.js';

const writer = (schema: z.ZodType, checkWithZod = false) =>
  answerSerializerCompiler({ checkWithZod })({ schema, method: 'GET', url: '/x', httpStatus: '200' });

const row = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(['current', 'expired']),
  seenAt: z.iso.datetime({ offset: true }).nullable().optional(),
  tags: z.array(z.object({ label: z.string() })),
});
const page = z.object({ rows: z.array(row).max(10), total: z.number(), first: z.string().nullable() });

describe('the compiled answer writer', () => {
  it('writes only the declared fields, at every depth, as zod does', () => {
    const answer = {
      rows: [
        { id: 1, name: 'A', state: 'current', tags: [{ label: 't', secret: 1 }], passwordHash: 'x' },
        { id: 2, name: 'B', state: 'expired', seenAt: null, tags: [] },
      ],
      total: 2,
      first: null,
      internal: true,
    };
    const text = writer(page)(answer);
    expect(JSON.parse(text)).toEqual({
      rows: [
        { id: 1, name: 'A', state: 'current', tags: [{ label: 't' }] },
        { id: 2, name: 'B', state: 'expired', seenAt: null, tags: [] },
      ],
      total: 2,
      first: null,
    });
    expect(text).toBe(JSON.stringify(z.parse(page, answer)));
    expect(writer(page, true)(answer)).toBe(text);
  });

  it.each([
    ['a string where a number is declared', { id: '1', name: 'A', state: 'current', tags: [] }],
    ['a value outside the enum', { id: 1, name: 'A', state: 'gone', tags: [] }],
    ['a missing required field', { id: 1, state: 'current', tags: [] }],
    ['NaN', { id: Number.NaN, name: 'A', state: 'current', tags: [] }],
    ['an object where an array is declared', { id: 1, name: 'A', state: 'current', tags: {} }],
  ])('refuses %s with zod error', (_, bad) => {
    let thrown: unknown;
    try {
      writer(page)({ rows: [bad], total: 1, first: null });
    } catch (error) {
      thrown = error;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
  });

  it('answers a union with the first option the value fits', () => {
    const schema = z.union([z.object({ kind: z.literal('a'), a: z.string() }), z.object({ b: z.number() })]);
    expect(writer(schema)({ kind: 'a', a: 'x', b: 1 })).toBe('{"kind":"a","a":"x"}');
    expect(writer(schema)({ kind: 'z', a: 'x', b: 1 })).toBe('{"b":1}');
    expect(writer(schema, true)({ kind: 'z', a: 'x', b: 1 })).toBe('{"b":1}');
  });

  it('keeps a record of declared values', () => {
    const schema = z.record(z.string(), z.object({ n: z.number() }));
    expect(writer(schema, true)({ a: { n: 1, m: 2 } })).toBe('{"a":{"n":1}}');
  });

  it('leaves schemas it cannot follow to zod (transforms, defaults, strict objects)', () => {
    for (const schema of [
      z.object({ n: z.string().transform((s) => s.length) }),
      z.object({ n: z.number().default(3) }),
      z.strictObject({ n: z.number() }),
      z.tuple([z.number()]),
      z.object({ ['__proto__']: z.string() }),
    ]) {
      expect(compileProjection(schema)).toBeUndefined();
    }
    expect(writer(z.object({ n: z.string().transform((s) => s.length) }))({ n: 'abcd' })).toBe('{"n":4}');
    expect(writer(z.object({ n: z.number().default(3) }))({})).toBe('{"n":3}');
  });

  it('writes a format zod would refuse only when not checking with zod (the tests check with zod)', () => {
    const schema = z.object({ at: z.iso.datetime({ offset: true }) });
    expect(writer(schema)({ at: 'yesterday' })).toBe('{"at":"yesterday"}');
    expect(() => writer(schema, true)({ at: 'yesterday' })).toThrow();
  });

  it('compiles the permit list, its count and a permit, the answers a clerk asks for most', () => {
    for (const schema of [permitPageSchema, permitCountSchema, permitDetailSchema]) {
      expect(compileProjection(schema)).toBeDefined();
    }
  });
});
