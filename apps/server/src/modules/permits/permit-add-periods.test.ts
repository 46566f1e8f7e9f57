import { addIsoYears, isRealDay, permitEndWindow, permitStartWindow, ukToday } from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import { type PeriodInput, permitPeriod } from './permit-add-periods.js';
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
  const today = '2026-06-10';
  const base: PeriodInput = { duration: 'Temporary', startDay: today, today, permanentYears: 1 };
  const refusal = (input: Partial<PeriodInput>) => {
    const result = permitPeriod({ ...base, ...input });
    return result.ok ? null : result.field;
  };

  it('allows a start from 3 days back to one calendar year ahead', () => {
    expect(permitStartWindow(today)).toEqual({ min: '2026-06-07', max: '2027-06-10' });
    expect(permitStartWindow('2028-02-29')).toEqual({ min: '2028-02-26', max: '2029-02-28' });
    expect(refusal({ startDay: '2026-06-07', endDay: today })).toBeNull();
    expect(refusal({ startDay: '2026-06-06', endDay: today })).toBe('started');
    expect(refusal({ startDay: '2027-06-10', endDay: '2027-06-10' })).toBeNull();
    expect(refusal({ startDay: '2027-06-11', endDay: '2027-06-11' })).toBe('started');
    expect(refusal({ startDay: '2026-02-30', endDay: today })).toBe('started');
  });

  it('ends a temporary permit from the later of today and its start, up to 28 days after the start', () => {
    expect(permitEndWindow('Temporary', '2026-06-08', today, 1)).toEqual({ min: today, max: '2026-07-06' });
    expect(refusal({ startDay: '2026-06-08', endDay: '2026-06-09' })).toBe('ended');
    expect(refusal({ startDay: '2026-06-08', endDay: today })).toBeNull();
    expect(refusal({ startDay: '2026-06-20', endDay: '2026-06-19' })).toBe('ended');
    expect(refusal({ endDay: '2026-07-08' })).toBeNull();
    expect(refusal({ endDay: '2026-07-09' })).toBe('ended');
    expect(refusal({ endDay: null })).toBe('ended');
  });

  it('ends a custom permit from its start up to PermanentPermitYears years after it', () => {
    const custom = { duration: 'Custom' as const, startDay: '2026-06-08', permanentYears: 2 };
    expect(refusal({ ...custom, endDay: '2026-06-08' })).toBeNull();
    expect(refusal({ ...custom, endDay: '2026-06-07' })).toBe('ended');
    expect(refusal({ ...custom, endDay: '2028-06-08' })).toBeNull();
    expect(refusal({ ...custom, endDay: '2028-06-09' })).toBe('ended');
  });

  it('stores UK midnights: the start day, the day after the end day, or start + years when permanent', () => {
    const temporary = permitPeriod({ ...base, endDay: '2026-06-12' });
    expect(temporary).toEqual({
      ok: true,
      started: new Date('2026-06-09T23:00:00Z'),
      ended: new Date('2026-06-12T23:00:00Z'),
    });
    const permanent = permitPeriod({
      ...base,
      duration: 'Permanent',
      endDay: '1999-01-01',
      permanentYears: 2,
    });
    expect(permanent).toEqual({
      ok: true,
      started: new Date('2026-06-09T23:00:00Z'),
      ended: new Date('2028-06-09T23:00:00Z'),
    });
  });
});
