import { addIsoDays, apiKeyInputSchema, apiKeyLastDay, ukToday } from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import { validationMessage } from '../../plugins/rule-messages.js';
import { apiKeyRuleMessages } from './api-key-rule-messages.js';

/** The messages a refused body gets, as fastify-type-provider-zod hands its issues to the error handler. */
function messagesOf(body: unknown) {
  const result = apiKeyInputSchema.safeParse(body);
  return (result.error?.issues ?? []).map(({ path, code, message, ...params }) =>
    validationMessage(
      { keyword: code, instancePath: `/${path.join('/')}`, message, params },
      apiKeyRuleMessages,
    ),
  );
}

describe('API key rule messages', () => {
  const today = ukToday();
  const valid = {
    name: 'Rota',
    expiresOn: addIsoDays(today, 30),
    features: ['Permits.Add'],
    access: ['1001'],
  };

  it('say what is missing', () => {
    expect(messagesOf({})).toEqual([
      { field: 'name', message: 'Name is required.' },
      { field: 'expiresOn', message: 'Expiry date is required.' },
      { field: 'features', message: 'Choose at least one feature.' },
      { field: 'access', message: 'Choose at least one site or group.' },
    ]);
  });

  it('say the expiry’s range, a feature no key holds and a place that is not a number', () => {
    expect(messagesOf({ ...valid, expiresOn: addIsoDays(today, 400) })).toEqual([
      { field: 'expiresOn', message: `A key expires within a year: ${apiKeyLastDay(today)} at the latest.` },
    ]);
    expect(messagesOf({ ...valid, expiresOn: today })).toEqual([
      { field: 'expiresOn', message: `The key must work until ${addIsoDays(today, 1)} at least.` },
    ]);
    expect(messagesOf({ ...valid, features: ['Roles.Add'], access: ['Riverside'] })).toEqual([
      { field: 'features.0', message: 'An API key cannot hold this feature.' },
      { field: 'access.0', message: 'Site and group numbers are digits, or SG and digits.' },
    ]);
  });
});
