import {
  changePasswordRequestSchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
  twoFactorCodeRequestSchema,
} from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type RuleMessages, validationMessage } from '../../plugins/rule-messages.js';
import { identityRuleMessages } from './identity-rule-messages.js';

/** The messages a refused body gets, as fastify-type-provider-zod hands its issues to the error handler. */
function messagesOf(schema: z.ZodType, body: unknown, table: RuleMessages) {
  const result = schema.safeParse(body);
  return (result.error?.issues ?? []).map(({ path, code, message, ...params }) =>
    validationMessage({ keyword: code, instancePath: `/${path.join('/')}`, message, params }, table),
  );
}

describe('identity rule messages (the spec’s English, byte for byte)', () => {
  it('says the sign-in request’s codes', () => {
    expect(messagesOf(loginRequestSchema, { password: '' }, identityRuleMessages)).toEqual([
      { field: 'email', message: 'Email is required.' },
      { field: 'password', message: 'Password is required.' },
    ]);
    expect(
      messagesOf(loginRequestSchema, { email: 'x', password: 'p', code: 'abc' }, identityRuleMessages),
    ).toEqual([
      { field: 'email', message: 'Enter a valid email address.' },
      { field: 'code', message: 'The code must be numeric.' },
    ]);
    const long = `${'a'.repeat(250)}@acme.example`;
    expect(messagesOf(loginRequestSchema, { email: long, password: 'p' }, identityRuleMessages)).toEqual([
      { field: 'email', message: 'Email must be at most 256 characters.' },
    ]);
  });

  it('says the two-factor code’s codes', () => {
    expect(messagesOf(twoFactorCodeRequestSchema, { code: '1'.repeat(21) }, identityRuleMessages)).toEqual([
      { field: 'code', message: 'The code is too long.' },
    ]);
    expect(messagesOf(twoFactorCodeRequestSchema, {}, identityRuleMessages)).toEqual([
      { field: 'code', message: 'Code is required.' },
    ]);
  });

  it('says the new password’s rules and the old password’s absence', () => {
    expect(messagesOf(resetPasswordRequestSchema, { password: 'abc' }, identityRuleMessages)).toEqual([
      { field: 'password', message: 'Passwords must be at least 6 characters.' },
      { field: 'password', message: "Passwords must have at least one uppercase ('A'-'Z')." },
      { field: 'password', message: "Passwords must have at least one digit ('0'-'9')." },
      { field: 'password', message: 'Passwords must have at least one non alphanumeric character.' },
    ]);
    expect(
      messagesOf(
        changePasswordRequestSchema,
        { oldPassword: '', newPassword: 'ABC12!' },
        identityRuleMessages,
      ),
    ).toEqual([
      { field: 'oldPassword', message: 'Old password is required.' },
      { field: 'newPassword', message: "Passwords must have at least one lowercase ('a'-'z')." },
    ]);
    expect(messagesOf(changePasswordRequestSchema, { oldPassword: 'x' }, identityRuleMessages)).toEqual([
      { field: 'newPassword', message: 'New password is required.' },
    ]);
  });
});
