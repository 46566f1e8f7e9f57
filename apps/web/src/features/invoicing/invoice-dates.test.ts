import { describe, expect, it } from 'vitest';
import { defaultRange, maxEndDate, toWireRange, validateRange } from './invoice-dates';

describe('invoice dates', () => {
  it('defaults to the previous calendar month', () => {
    expect(defaultRange('2026-03-15')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(defaultRange('2026-01-01')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(defaultRange('2026-03-15', '2026-05-01')).toEqual({ start: '2026-04-01', end: '2026-04-30' });
  });

  it('caps the end date at one month after the start and at today', () => {
    expect(maxEndDate('2026-01-31', '2026-06-01')).toBe('2026-02-28');
    expect(maxEndDate('2026-02-10', '2026-06-01')).toBe('2026-03-10');
    expect(maxEndDate('2026-05-20', '2026-06-01')).toBe('2026-06-01');
  });

  it('validates the range', () => {
    const today = '2026-06-10';
    expect(validateRange('', '', today)).toEqual({ start: 'startRequired', end: 'endRequired' });
    expect(validateRange('2026-06-11', '2026-06-11', today).start).toBe('startAfterToday');
    expect(validateRange('2026-05-10', '2026-05-09', today).end).toBe('endBeforeStart');
    expect(validateRange('2026-05-01', '2026-06-02', today).end).toBe('endTooLate');
    expect(validateRange('2026-05-01', '2026-06-01', today)).toEqual({});
    expect(validateRange('2026-06-01', '2026-06-11', today).end).toBe('endTooLate');
  });

  it('sends an exclusive end: one day after the last day', () => {
    expect(toWireRange('2026-02-01', '2026-02-28')).toEqual({ from: '2026-02-01', to: '2026-03-01' });
  });
});
