import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { choiceFromParams, lastMonth, paramsFromChoice, rangeMessages } from './report-choice';

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

  it('holds the days to the contract’s period rule, said in the page’s words', () => {
    const check = (from: string, to: string) => rangeMessages(from, to, i18n.t, '2026-03-15');
    expect(check('', '')).toEqual({ from: 'Enter the first day.', to: 'Enter the last day.' });
    expect(check('2026-02-10', '2026-02-01')).toEqual({
      to: 'The last day must be on or after the first day.',
    });
    expect(check('2026-02-10', '2026-03-16')).toEqual({ to: 'The last day cannot be later than today.' });
    expect(check('2025-01-01', '2026-02-01')).toEqual({ to: 'The period can be at most 13 months.' });
    expect(check('2026-02-01', '2026-02-28')).toEqual({});
    expect(check('2026-02-01', '2026-02-01')).toEqual({});
  });
});
