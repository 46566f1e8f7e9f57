import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { defaultRange, rangeMessages, toWireRange } from './invoice-dates';

describe('invoice dates', () => {
  it('defaults to the previous calendar month', () => {
    expect(defaultRange('2026-03-15')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(defaultRange('2026-01-01')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(defaultRange('2026-03-15', '2026-05-01')).toEqual({ start: '2026-04-01', end: '2026-04-30' });
  });

  it('says the contract’s range rule in the form’s words, one message a field', () => {
    const today = '2026-06-10';
    const check = (start: string, end: string) => rangeMessages(start, end, today, i18n.t);
    expect(check('', '')).toEqual({ start: 'Please enter a start date.', end: 'Please enter an end date.' });
    expect(check('2026-06-11', '2026-06-11').start).toBe('The start date cannot be later than today.');
    expect(check('2026-05-10', '2026-05-09').end).toBe('The end date cannot be before the start date.');
    const tooLate = 'The end date can be at most one month after the start date, and no later than today.';
    expect(check('2026-05-01', '2026-06-02').end).toBe(tooLate);
    expect(check('2026-05-01', '2026-06-01')).toEqual({});
    expect(check('2026-06-01', '2026-06-11').end).toBe(tooLate);
  });

  it('sends an exclusive end: one day after the last day', () => {
    expect(toWireRange('2026-02-01', '2026-02-28')).toEqual({ from: '2026-02-01', to: '2026-03-01' });
  });
});
