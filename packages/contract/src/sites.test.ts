import { describe, expect, it } from 'vitest';
import { ruleCheck } from './rules.js';
import { isSiteGroupNumber, siteOrGroupNumberSchema } from './sites.js';

describe('site and site group numbers', () => {
  it.each(['1', '1001', '1234567890', 'SG01', 'SG1-2'])('accepts %s', (value) => {
    expect(ruleCheck(siteOrGroupNumberSchema, value)).toEqual([]);
  });

  it.each(['', 'sg01', 'SG', 'X1', '12345678901', 'SG01 '])('refuses %j', (value) => {
    expect(ruleCheck(siteOrGroupNumberSchema, value).length).toBeGreaterThan(0);
  });

  it('reports a rule code, never English', () => {
    expect(ruleCheck(siteOrGroupNumberSchema, 'X1')).toEqual([{ field: '', code: 'pattern', params: {} }]);
    expect(ruleCheck(siteOrGroupNumberSchema, '12345678901')[0]).toEqual({
      field: '',
      code: 'maxLength',
      params: { max: 10 },
    });
  });

  it('tells a group by its SG prefix', () => {
    expect(isSiteGroupNumber('SG01')).toBe(true);
    expect(isSiteGroupNumber('1001')).toBe(false);
  });
});
