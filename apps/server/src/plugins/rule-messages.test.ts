import { loginRequestSchema } from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type RuleMessages, validationMessage } from './rule-messages.js';

/** The messages a refused body gets, as fastify-type-provider-zod hands its issues to the error handler. */
function messagesOf(schema: z.ZodType, body: unknown, table: RuleMessages) {
  const result = schema.safeParse(body);
  return (result.error?.issues ?? []).map(({ path, code, message, ...params }) =>
    validationMessage({ keyword: code, instancePath: `/${path.join('/')}`, message, params }, table),
  );
}

describe('validation messages', () => {
  it('says a code from the table, with its parameters', () => {
    const table: RuleMessages = {
      code: { maxLength: ({ max }) => `At most ${max}.` },
      email: { email: 'No.' },
    };
    expect(
      messagesOf(loginRequestSchema, { email: 'x', password: 'p', code: '1'.repeat(21) }, table),
    ).toEqual([
      { field: 'email', message: 'No.' },
      { field: 'code', message: 'At most 20.' },
    ]);
  });

  it('keeps zod’s text for checks that name no code, and a plain message for codes a table lacks', () => {
    const [tooLong] = messagesOf(loginRequestSchema, { email: 'a@b.example', password: 'p'.repeat(257) }, {});
    expect(tooLong?.message).toMatch(/256/);
    expect(messagesOf(loginRequestSchema, { email: 'a@b.example' }, {})).toEqual([
      { field: 'password', message: 'password is not valid.' },
    ]);
  });
});
