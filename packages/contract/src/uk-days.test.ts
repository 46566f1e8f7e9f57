import { describe, expect, it } from 'vitest';
import { addIsoDays, addIsoMonths, isRealDay, ukToday } from './uk-days.js';

describe('UK calendar days', () => {
  it('takes today in the UK, whatever the machine zone: late evening UTC in summer is tomorrow', () => {
    expect(ukToday(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(ukToday(new Date('2026-01-01T23:30:00Z'))).toBe('2026-01-01');
  });

  it('knows real days', () => {
    expect(isRealDay('2028-02-29')).toBe(true);
    expect(isRealDay('2026-02-29')).toBe(false);
    expect(isRealDay('2026-13-01')).toBe(false);
  });

  it('adds days and months across month ends and clock changes', () => {
    expect(addIsoDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addIsoDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addIsoMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addIsoMonths('2028-01-31', 1)).toBe('2028-02-29');
  });
});
