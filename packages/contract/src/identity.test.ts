import { describe, expect, it } from 'vitest';
import { emailSchema } from './email.js';
import {
  changePasswordRequestSchema,
  greetingNameOf,
  loginRequestSchema,
  newPasswordSchema,
  resetLinkRequestSchema,
  twoFactorCodeSchema,
} from './identity.js';
import { ruleCheck } from './rules.js';

describe('the email field', () => {
  it('accepts an address, trimmed', () => {
    expect(emailSchema.parse('  ann@acme.example ')).toBe('ann@acme.example');
  });

  it.each([
    [undefined, 'required', {}],
    ['   ', 'required', { min: 1 }],
    [42, 'invalidType', {}],
    ['ann', 'email', {}],
    ['ann@', 'email', {}],
  ])('refuses %j with %s', (value, code, params) => {
    expect(ruleCheck(emailSchema, value)).toEqual([{ field: '', code, params }]);
  });

  it('refuses more than 256 characters with maxLength {max: 256}', () => {
    const long = `${'a'.repeat(250)}@acme.example`;
    expect(ruleCheck(emailSchema, long)).toEqual([{ field: '', code: 'maxLength', params: { max: 256 } }]);
    expect(ruleCheck(emailSchema, `${'a'.repeat(243)}@acme.example`)).toEqual([]);
  });
});

describe('the two-factor code', () => {
  it.each(['123456', ' 123 456 ', '12345-67890'])('accepts %j', (code) => {
    expect(ruleCheck(twoFactorCodeSchema, code)).toEqual([]);
  });

  it.each([
    [undefined, 'required', {}],
    ['12a456', 'pattern', {}],
    ['1'.repeat(21), 'maxLength', { max: 20 }],
  ])('refuses %j with %s', (value, code, params) => {
    expect(ruleCheck(twoFactorCodeSchema, value)).toEqual([{ field: '', code, params }]);
  });

  it('refuses an empty code as required (and not digits)', () => {
    expect(ruleCheck(twoFactorCodeSchema, '').map((i) => i.code)).toEqual(['required', 'pattern']);
  });
});

describe('the sign-in request', () => {
  it('accepts email and password, the code optional', () => {
    expect(loginRequestSchema.parse({ email: ' a@b.example', password: 'x' })).toEqual({
      email: 'a@b.example',
      password: 'x',
    });
    expect(ruleCheck(loginRequestSchema, { email: 'a@b.example', password: 'x', code: '123456' })).toEqual(
      [],
    );
  });

  it('reports each field under its name', () => {
    expect(ruleCheck(loginRequestSchema, { email: 'nope', password: '', code: 'abc' })).toEqual([
      { field: 'email', code: 'email', params: {} },
      { field: 'password', code: 'required', params: { min: 1 } },
      { field: 'code', code: 'pattern', params: {} },
    ]);
    expect(ruleCheck(loginRequestSchema, {}).map((i) => [i.field, i.code])).toEqual([
      ['email', 'required'],
      ['password', 'required'],
    ]);
  });

  it('refuses a reset link request without a valid email', () => {
    expect(ruleCheck(resetLinkRequestSchema, { email: 'x' })).toEqual([
      { field: 'email', code: 'email', params: {} },
    ]);
  });
});

describe('a new password', () => {
  it('accepts one meeting the five rules', () => {
    expect(newPasswordSchema.safeParse('Abc12!').success).toBe(true);
  });

  it('reports every rule it breaks, each a code with its parameters', () => {
    expect(ruleCheck(newPasswordSchema, 'abc')).toEqual([
      { field: '', code: 'minLength', params: { min: 6 } },
      { field: '', code: 'needsUppercase', params: {} },
      { field: '', code: 'needsDigit', params: {} },
      { field: '', code: 'needsSymbol', params: {} },
    ]);
    expect(ruleCheck(newPasswordSchema, 'ABCDEF1!')).toEqual([
      { field: '', code: 'needsLowercase', params: {} },
    ]);
    expect(ruleCheck(newPasswordSchema, `Aa1!${'x'.repeat(253)}`)[0]).toEqual({
      field: '',
      code: 'maxLength',
      params: { max: 256 },
    });
    expect(ruleCheck(newPasswordSchema, undefined)).toEqual([{ field: '', code: 'required', params: {} }]);
  });

  it('the change request reports a missing old password as required', () => {
    expect(ruleCheck(changePasswordRequestSchema, { oldPassword: '', newPassword: 'Abc12!' })).toEqual([
      { field: 'oldPassword', code: 'required', params: { min: 1 } },
    ]);
  });
});

describe('greetingNameOf', () => {
  it("reads a name from an address's local part, or none", () => {
    expect(greetingNameOf('james.wilson@acme.example')).toBe('James Wilson');
    expect(greetingNameOf('RECEPTION@acme.example')).toBe('Reception');
    expect(greetingNameOf('a_b-c@x.example')).toBe('A B C');
    expect(greetingNameOf('u123@x.example')).toBe('');
  });
});
