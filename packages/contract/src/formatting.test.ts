import { describe, expect, it } from 'vitest';
import { formatCountIn, formatMoneyIn } from './formatting.js';
import { ukLongDate, ukLongDateTime } from './uk-times.js';

/** Decision 49: dates, times, numbers and money per language, UK time in both. */
describe('formatting per language', () => {
  it('writes long dates in Welsh or English, in UK time whatever the zone', () => {
    // 23:30 UTC on 31 October in summer time is already 1 November, 00:30, in the UK.
    const lateOctober = '2026-10-24T23:30:00Z';
    expect(ukLongDateTime(lateOctober)).toBe('Sunday 25 October 2026, 00:30');
    expect(ukLongDateTime(lateOctober, 'cy')).toBe('Dydd Sul 25 Hydref 2026, 00:30');
    expect(ukLongDate('2026-11-27T10:00:00Z', 'cy')).toBe('Dydd Gwener 27 Tachwedd 2026');
    expect(ukLongDate('2026-11-27T10:00:00Z', 'en')).toBe('Friday 27 November 2026');
  });

  it('writes the long dates as cy-GB writes them, but for the capital that begins a date', () => {
    const format = new Intl.DateTimeFormat('cy-GB', {
      weekday: 'long',
      month: 'long',
      timeZone: 'Europe/London',
    });
    for (let month = 0; month < 12; month++) {
      const at = new Date(Date.UTC(2026, month, 15, 12));
      const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
      const ours = ukLongDate(at, 'cy');
      expect(ours.toLowerCase()).toContain(String(parts.weekday).toLowerCase());
      expect(ours.toLowerCase()).toContain(String(parts.month).toLowerCase());
    }
  });

  it('writes money and counts with the language locale', () => {
    expect(formatMoneyIn('en', 1234.5)).toBe('£1,234.50');
    expect(formatMoneyIn('cy', 1234.5)).toBe(
      new Intl.NumberFormat('cy-GB', { style: 'currency', currency: 'GBP' }).format(1234.5),
    );
    expect(formatCountIn('cy', 12345)).toBe('12,345');
  });
});
