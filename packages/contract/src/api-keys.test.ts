import { describe, expect, it } from 'vitest';
import { apiKeyFeatures, apiKeyInputSchema, apiKeyLastDay, isApiKeyFeature } from './api-keys.js';
import { operatorOnlyFeatures } from './features.js';
import { ruleCheck } from './rules.js';
import { addIsoDays, ukToday } from './uk-days.js';

const today = ukToday();
const valid = {
  name: ' Rota system ',
  expiresOn: addIsoDays(today, 30),
  features: ['Permits.Add'],
  access: ['1001'],
};

describe('API key input', () => {
  it('takes a name, a last day from tomorrow to a year ahead, key features and sites', () => {
    expect(apiKeyInputSchema.parse(valid)).toEqual({ ...valid, name: 'Rota system' });
    expect(ruleCheck(apiKeyInputSchema, { ...valid, expiresOn: addIsoDays(today, 1) })).toEqual([]);
    expect(ruleCheck(apiKeyInputSchema, { ...valid, expiresOn: apiKeyLastDay(today) })).toEqual([]);
    expect(ruleCheck(apiKeyInputSchema, { ...valid, access: ['SG01', '1002'] })).toEqual([]);
  });

  it('says each refusal by its rule code', () => {
    const range = { min: addIsoDays(today, 1), max: apiKeyLastDay(today) };
    expect(ruleCheck(apiKeyInputSchema, { ...valid, expiresOn: today })).toEqual([
      { field: 'expiresOn', code: 'tooEarly', params: range },
    ]);
    expect(
      ruleCheck(apiKeyInputSchema, { ...valid, expiresOn: addIsoDays(apiKeyLastDay(today), 1) }),
    ).toEqual([{ field: 'expiresOn', code: 'tooLate', params: range }]);
    expect(ruleCheck(apiKeyInputSchema, { ...valid, name: '  ', features: [], access: [] })).toEqual([
      { field: 'name', code: 'required', params: { min: 1 } },
      { field: 'features', code: 'required', params: { min: 1 } },
      { field: 'access', code: 'required', params: { min: 1 } },
    ]);
    expect(ruleCheck(apiKeyInputSchema, { ...valid, features: ['Users.View'] })).toEqual([
      { field: 'features.0', code: 'oneOf', params: {} },
    ]);
    // Users.Add (SCIM, decision 46) needs a mapping: a role, and sites among the key's own.
    expect(ruleCheck(apiKeyInputSchema, { ...valid, features: ['Users.Add'] })).toEqual([
      { field: 'scimRoleId', code: 'required', params: {} },
      { field: 'scimAccess', code: 'required', params: {} },
    ]);
    expect(
      ruleCheck(apiKeyInputSchema, {
        ...valid,
        features: ['Users.Add'],
        scimRoleId: 3,
        scimAccess: ['1002'],
      }),
    ).toEqual([{ field: 'scimAccess.0', code: 'notAllowed', params: {} }]);
    expect(
      ruleCheck(apiKeyInputSchema, {
        ...valid,
        features: ['Users.Add'],
        scimRoleId: 3,
        scimAccess: ['1001'],
      }),
    ).toEqual([]);
    expect(ruleCheck(apiKeyInputSchema, { ...valid, expiresOn: '2026-02-30' })[0]?.code).toBe('invalidDate');
  });

  it('never lets a key hold administration or the operator’s features', () => {
    for (const feature of apiKeyFeatures) {
      // Users.Add on a key opens only SCIM provisioning (decision 46): no administration route admits a key.
      if (feature === 'Users.Add') continue;
      expect(feature).not.toMatch(/^(Users|Roles|Application|Self|Notifications)\./);
      expect(operatorOnlyFeatures as readonly string[]).not.toContain(feature);
    }
    expect(isApiKeyFeature('Users.Add')).toBe(true);
    expect(isApiKeyFeature('Users.Edit')).toBe(false);
    expect(isApiKeyFeature('Roles.Add')).toBe(false);
    expect(isApiKeyFeature('Permits.Add')).toBe(true);
  });
});
