import { describe, expect, it } from 'vitest';
import { i18n } from '.';
import { periodMessages } from './period-messages';

describe('periodMessages', () => {
  it('holds the days to the contract’s period rule, said in the page’s words', () => {
    const check = (from: string, to: string) => periodMessages(from, to, i18n.t, '2026-03-15');
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
