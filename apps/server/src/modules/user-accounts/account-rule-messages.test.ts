import { userAccountInputSchema } from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type RuleMessages, validationMessage } from '../../plugins/rule-messages.js';
import { accountRuleMessages } from './account-rule-messages.js';

/** The messages a refused body gets, as fastify-type-provider-zod hands its issues to the error handler. */
function messagesOf(schema: z.ZodType, body: unknown, table: RuleMessages) {
  const result = schema.safeParse(body);
  return (result.error?.issues ?? []).map(({ path, code, message, ...params }) =>
    validationMessage({ keyword: code, instancePath: `/${path.join('/')}`, message, params }, table),
  );
}

describe('user account rule messages (the spec’s English, byte for byte)', () => {
  it('says the email’s codes', () => {
    expect(messagesOf(userAccountInputSchema, {}, accountRuleMessages)).toEqual([
      { field: 'email', message: 'Email is required.' },
    ]);
    expect(messagesOf(userAccountInputSchema, { email: 'not-an-email' }, accountRuleMessages)).toEqual([
      { field: 'email', message: 'Enter a valid email address.' },
    ]);
  });
});
