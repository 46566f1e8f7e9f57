import { describe, expect, it } from 'vitest';
import { reportQuerySchema, reportSubscriptionCreateSchema } from './reports.js';
import { ruleCheck } from './rules.js';

describe('the report query', () => {
  it('takes a site upper-cased, two days and a format; a bad site and bad days are codes', () => {
    expect(reportQuerySchema.parse({ site: ' sg01 ', from: '2025-01-01', format: 'xlsx' }).site).toBe('SG01');
    expect(ruleCheck(reportQuerySchema, { site: 'abc', from: '2025-02-30', to: 'soon' })).toEqual([
      { field: 'site', code: 'pattern', params: {} },
      { field: 'from', code: 'invalidDate', params: {} },
      { field: 'to', code: 'pattern', params: {} },
      { field: 'to', code: 'invalidDate', params: {} },
    ]);
  });
});

describe('a report subscription', () => {
  it('asks for a report and one of the offered ways, each as a code', () => {
    expect(
      ruleCheck(reportSubscriptionCreateSchema, { reportKey: '', format: 'pdf', frequency: 'daily' }),
    ).toEqual([
      { field: 'reportKey', code: 'required', params: { min: 1 } },
      { field: 'format', code: 'oneOf', params: {} },
      { field: 'frequency', code: 'oneOf', params: {} },
      { field: 'delivery', code: 'oneOf', params: {} },
    ]);
  });
});
