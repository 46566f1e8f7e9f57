import { describe, expect, it } from 'vitest';
import { ruleCheck } from './rules.js';
import { statisticsQuerySchema, statisticsRange, statisticsViewSchema } from './statistics.js';

const today = '2025-03-15';

describe('the statistics query', () => {
  it('defaults to last month and upper-cases the site', () => {
    expect(statisticsQuerySchema.parse({ site: ' sg01 ' })).toEqual({ site: 'SG01', period: 'last-month' });
  });

  it('refuses a site that is no site or group number, an unknown period and unreal days', () => {
    const result = statisticsQuerySchema.safeParse({ site: 'abc', period: 'ever', from: '2025-02-30' });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['site', 'period', 'from']);
    expect(ruleCheck(statisticsQuerySchema, { site: 'abc', from: '2025-02-30', to: '1.1.2025' })).toEqual([
      { field: 'site', code: 'pattern', params: {} },
      { field: 'from', code: 'invalidDate', params: {} },
      { field: 'to', code: 'pattern', params: {} },
      { field: 'to', code: 'invalidDate', params: {} },
    ]);
  });
});

describe('the statistics page’s address (decision 28)', () => {
  it('is the server’s query plus the charts shown as tables', () => {
    expect(
      statisticsViewSchema.parse({
        site: 'sg01',
        period: 'custom',
        from: '2025-01-01',
        to: '2025-01-31',
        table: 'stays,active',
      }),
    ).toEqual({
      site: 'SG01',
      period: 'custom',
      from: '2025-01-01',
      to: '2025-01-31',
      table: ['stays', 'active'],
    });
    expect(statisticsViewSchema.parse({})).toEqual({ period: 'last-month', table: [] });
    // The server reads the same address and leaves the page's own `table` out.
    expect(statisticsQuerySchema.parse({ site: 'SG01', table: 'stays' })).toEqual({
      site: 'SG01',
      period: 'last-month',
    });
  });
});

describe('statistics periods', () => {
  it('covers this month so far, last calendar month and the 12 months to today', () => {
    expect(statisticsRange({ period: 'this-month' }, today)).toEqual({
      ok: true,
      range: { from: '2025-03-01', to: today },
    });
    expect(statisticsRange({ period: 'last-month' }, today)).toEqual({
      ok: true,
      range: { from: '2025-02-01', to: '2025-02-28' },
    });
    expect(statisticsRange({ period: 'last-12-months' }, today)).toEqual({
      ok: true,
      range: { from: '2024-03-16', to: today },
    });
  });

  it('takes a custom range of at most 13 months, not after today, in order', () => {
    expect(statisticsRange({ period: 'custom', from: '2024-03-01', to: '2025-03-01' }, today).ok).toBe(true);
    expect(statisticsRange({ period: 'custom' }, today)).toEqual({
      ok: false,
      issues: [
        { field: 'from', code: 'required', params: {} },
        { field: 'to', code: 'required', params: {} },
      ],
    });
    expect(statisticsRange({ period: 'custom', from: '2025-03-10', to: '2025-03-01' }, today)).toEqual({
      ok: false,
      issues: [{ field: 'to', code: 'tooEarly', params: { min: '2025-03-10' } }],
    });
    expect(statisticsRange({ period: 'custom', from: '2025-03-10', to: '2025-03-16' }, today)).toEqual({
      ok: false,
      issues: [{ field: 'to', code: 'tooLate', params: { max: today } }],
    });
    expect(statisticsRange({ period: 'custom', from: '2024-01-01', to: '2025-02-01' }, today)).toEqual({
      ok: false,
      issues: [{ field: 'to', code: 'rangeTooLong', params: { months: 13 } }],
    });
    expect(statisticsRange({ period: 'custom', from: '2025-03-16', to: '2025-03-01' }, today)).toEqual({
      ok: false,
      issues: [
        { field: 'from', code: 'tooLate', params: { max: today } },
        { field: 'to', code: 'tooEarly', params: { min: '2025-03-16' } },
      ],
    });
  });
});
