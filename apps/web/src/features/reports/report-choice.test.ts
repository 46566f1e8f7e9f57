import { describe, expect, it } from 'vitest';
import { choiceFromParams, lastMonth, paramsFromChoice } from './report-choice';

describe('report choice in the query string', () => {
  it('defaults to last month as CSV, for all sites', () => {
    expect(lastMonth('2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(lastMonth('2026-01-01')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(choiceFromParams(new URLSearchParams(), '2026-03-15')).toEqual({
      report: undefined,
      site: undefined,
      from: '2026-02-01',
      to: '2026-02-28',
      format: 'csv',
    });
  });

  it('reads what a subscription mail links to, and ignores days that are not real', () => {
    const params = new URLSearchParams(
      'report=permit-register&site=sg01&from=2026-01-01&to=2026-02-30&format=xlsx',
    );
    const choice = choiceFromParams(params, '2026-03-15');
    expect(choice).toEqual({
      report: 'permit-register',
      site: 'SG01',
      from: '2026-01-01',
      to: '2026-02-28',
      format: 'xlsx',
    });
    expect(paramsFromChoice(choice).toString()).toBe(
      'report=permit-register&site=SG01&from=2026-01-01&to=2026-02-28&format=xlsx',
    );
  });
});
