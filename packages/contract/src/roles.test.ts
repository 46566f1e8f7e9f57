import { describe, expect, it } from 'vitest';
import { createRoleSchema, roleNameSchema, updateRoleSchema } from './roles.js';
import { ruleCheck } from './rules.js';

describe('the role name', () => {
  it('accepts up to 20 characters, trimmed', () => {
    expect(roleNameSchema.parse('  Site Managers ')).toBe('Site Managers');
    expect(ruleCheck(roleNameSchema, 'n'.repeat(20))).toEqual([]);
  });

  it.each([
    [undefined, 'required', {}],
    ['  ', 'required', { min: 1 }],
    [7, 'invalidType', {}],
    ['n'.repeat(21), 'maxLength', { max: 20 }],
  ])('refuses %j with %s', (value, code, params) => {
    expect(ruleCheck(roleNameSchema, value)).toEqual([{ field: '', code, params }]);
  });
});

describe('a new role', () => {
  it('needs a name and a parent; features default to none', () => {
    expect(createRoleSchema.parse({ name: 'Clerks', parentApplicationRoleId: 3 })).toEqual({
      name: 'Clerks',
      parentApplicationRoleId: 3,
      features: [],
    });
  });

  it('refuses a missing parent as required and another type as invalidType', () => {
    expect(ruleCheck(createRoleSchema, { name: 'Clerks' })).toEqual([
      { field: 'parentApplicationRoleId', code: 'required', params: {} },
    ]);
    expect(ruleCheck(createRoleSchema, { name: 'Clerks', parentApplicationRoleId: '3' })).toEqual([
      { field: 'parentApplicationRoleId', code: 'invalidType', params: {} },
    ]);
  });

  it('refuses more than 200 features', () => {
    const features = Array.from({ length: 201 }, (_, i) => `F${i}`);
    expect(ruleCheck(createRoleSchema, { name: 'X', parentApplicationRoleId: 1, features })).toEqual([
      { field: 'features', code: 'maxLength', params: { max: 200 } },
    ]);
  });
});

describe('a role edit', () => {
  it('takes the name and features; the parent may be sent as it is', () => {
    expect(updateRoleSchema.parse({ name: ' Clerks', parent: 2 })).toEqual({
      name: 'Clerks',
      parent: 2,
      features: [],
    });
    expect(ruleCheck(updateRoleSchema, { features: [] })).toEqual([
      { field: 'name', code: 'required', params: {} },
    ]);
  });
});
