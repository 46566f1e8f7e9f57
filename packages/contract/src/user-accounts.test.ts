import { describe, expect, it } from 'vitest';
import { ruleCheck } from './rules.js';
import {
  accountChoiceIssues,
  isStaffEmail,
  userAccountInputSchema,
  userAccountsPageQuerySchema,
} from './user-accounts.js';

describe('the user account body', () => {
  it('takes the email trimmed and defaults the rest', () => {
    expect(userAccountInputSchema.parse({ email: ' ann@acme.example ' })).toEqual({
      email: 'ann@acme.example',
      accessAllSites: false,
      roles: [],
      flags: [],
    });
  });

  it('reports the email rule’s codes under email', () => {
    expect(ruleCheck(userAccountInputSchema, {})).toEqual([{ field: 'email', code: 'required', params: {} }]);
    expect(ruleCheck(userAccountInputSchema, { email: 'nope' })).toEqual([
      { field: 'email', code: 'email', params: {} },
    ]);
    expect(ruleCheck(userAccountInputSchema, { email: `${'a'.repeat(250)}@acme.example` })).toEqual([
      { field: 'email', code: 'maxLength', params: { max: 256 } },
    ]);
  });

  it('refuses site numbers that are neither sites nor groups, and non-numeric roles', () => {
    const issues = ruleCheck(userAccountInputSchema, {
      email: 'a@b.example',
      access: ['1001', 'X'],
      roles: ['1'],
    });
    expect(issues.map((i) => i.field)).toEqual(['access.1', 'roles.0']);
  });
});

describe('the user account list query', () => {
  it('takes one or many site numbers, upper-cased', () => {
    expect(userAccountsPageQuerySchema.parse({ siteNumbers: 'sg01' }).siteNumbers).toEqual(['SG01']);
    expect(userAccountsPageQuerySchema.parse({}).siteNumbers).toEqual([]);
  });

  it('refuses an unknown state and sort', () => {
    expect(
      ruleCheck(userAccountsPageQuerySchema, { state: 'gone', sort: 'name' }).map((i) => i.field),
    ).toEqual(['state', 'sort']);
  });
});

describe('what an account must hold', () => {
  it('asks for a site or group unless all sites, and for a role', () => {
    expect(accountChoiceIssues({ accessAllSites: false, access: [], roles: [] })).toEqual([
      { field: 'access', code: 'required', params: {} },
      { field: 'roles', code: 'required', params: {} },
    ]);
    expect(accountChoiceIssues({ accessAllSites: true, access: [], roles: [1] })).toEqual([]);
    expect(accountChoiceIssues({ accessAllSites: false, access: ['1001'], roles: [1] })).toEqual([]);
  });
});

describe('a staff address', () => {
  it('is at the staff domain, whatever the case and the spaces around it', () => {
    expect(isStaffEmail(' Ann@Operator.Example ', 'operator.example')).toBe(true);
    expect(isStaffEmail('ann@client.example', 'operator.example')).toBe(false);
    expect(isStaffEmail('ann@sub.operator.example', 'operator.example')).toBe(false);
  });
});
