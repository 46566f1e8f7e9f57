import { createRoleSchema, updateRoleSchema } from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type RuleMessages, validationMessage } from '../../plugins/rule-messages.js';
import { roleRuleMessages } from './role-rule-messages.js';

/** The messages a refused body gets, as fastify-type-provider-zod hands its issues to the error handler. */
function messagesOf(schema: z.ZodType, body: unknown, table: RuleMessages) {
  const result = schema.safeParse(body);
  return (result.error?.issues ?? []).map(({ path, code, message, ...params }) =>
    validationMessage({ keyword: code, instancePath: `/${path.join('/')}`, message, params }, table),
  );
}

describe('role rule messages (the spec’s English, byte for byte)', () => {
  it('says the new role’s codes', () => {
    expect(messagesOf(createRoleSchema, { name: 'n'.repeat(21) }, roleRuleMessages)).toEqual([
      { field: 'name', message: 'Name must be at most 20 characters.' },
      { field: 'parentApplicationRoleId', message: 'Parent role is required.' },
    ]);
    expect(
      messagesOf(createRoleSchema, { name: ' ', parentApplicationRoleId: 'x' }, roleRuleMessages),
    ).toEqual([
      { field: 'name', message: 'Name is required.' },
      { field: 'parentApplicationRoleId', message: 'Parent role is required.' },
    ]);
  });

  it('says a role edit’s missing name', () => {
    expect(messagesOf(updateRoleSchema, {}, roleRuleMessages)).toEqual([
      { field: 'name', message: 'Name is required.' },
    ]);
  });
});
