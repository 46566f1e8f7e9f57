import {
  addIsoYears,
  isRealDay,
  permanentPermitLastDay,
  ukDisplayDay,
  ukLastDayBefore,
  ukToday,
} from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import { permitPeriod } from './permit-add-periods.js';
import { ukStartOfDay } from './permit-dates.js';

const iso = (d: Date) => d.toISOString();

describe('UK days', () => {
  it('takes today in Europe/London, also late in the evening UTC during summer time', () => {
    expect(ukToday(new Date('2026-06-30T22:59:00Z'))).toBe('2026-06-30');
    expect(ukToday(new Date('2026-06-30T23:00:00Z'))).toBe('2026-07-01');
    expect(ukToday(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });

  it('starts a day at 00:00 UK time, on both sides of each clock change', () => {
    expect(iso(ukStartOfDay('2026-01-15'))).toBe('2026-01-15T00:00:00.000Z');
    expect(iso(ukStartOfDay('2026-07-01'))).toBe('2026-06-30T23:00:00.000Z');
    // Clocks go forward at 01:00 UTC on 29 March 2026 and back at 01:00 UTC on 25 October 2026.
    expect(iso(ukStartOfDay('2026-03-29'))).toBe('2026-03-29T00:00:00.000Z');
    expect(iso(ukStartOfDay('2026-03-30'))).toBe('2026-03-29T23:00:00.000Z');
    expect(iso(ukStartOfDay('2026-10-25'))).toBe('2026-10-24T23:00:00.000Z');
    expect(iso(ukStartOfDay('2026-10-26'))).toBe('2026-10-26T00:00:00.000Z');
  });

  it('knows real days and adds whole years like PostgreSQL', () => {
    expect(isRealDay('2028-02-29')).toBe(true);
    expect(isRealDay('2026-02-29')).toBe(false);
    expect(isRealDay('2026-13-01')).toBe(false);
    expect(addIsoYears('2028-02-29', 1)).toBe('2029-02-28');
    expect(addIsoYears('2026-05-10', 3)).toBe('2029-05-10');
  });
});

describe('permitPeriod', () => {
  it('stores UK midnights: the start day, the day after the end day, or start + years when permanent', () => {
    expect(permitPeriod('Temporary', '2026-06-10', '2026-06-12', 1)).toEqual({
      started: new Date('2026-06-09T23:00:00Z'),
      ended: new Date('2026-06-12T23:00:00Z'),
    });
    expect(permitPeriod('Permanent', '2026-06-10', '1999-01-01', 2)).toEqual({
      started: new Date('2026-06-09T23:00:00Z'),
      ended: new Date('2028-06-09T23:00:00Z'),
    });
  });

  it('stores a permanent end whose last day is the one the preview shows (permanentPermitLastDay)', () => {
    for (const start of ['2026-03-01', '2026-07-15', '2028-02-29', '2026-10-25']) {
      const { ended } = permitPeriod('Permanent', start, null, 1);
      expect(ukLastDayBefore(ended)).toBe(ukDisplayDay(permanentPermitLastDay(start, 1)));
    }
  });
});
