import { describe, expect, it } from 'vitest';
import {
  permanentPermitEnd,
  permanentPermitLastDay,
  permitEndWindow,
  permitPeriodIssues,
  permitStartWindow,
} from './permit-periods.js';
import { ukDisplayDay } from './uk-days.js';

describe('permit periods', () => {
  it('formats days as dd/mm/yyyy', () => {
    expect(ukDisplayDay('2026-03-01')).toBe('01/03/2026');
  });

  it('lets a permit start from 3 days ago to a year ahead', () => {
    expect(permitStartWindow('2026-03-01')).toEqual({ min: '2026-02-26', max: '2027-03-01' });
    expect(permitStartWindow('2028-02-29')).toEqual({ min: '2028-02-26', max: '2029-02-28' });
  });

  it('ends a permanent permit the permanent years after its start', () => {
    expect(permanentPermitEnd('2026-03-01', 1)).toBe('2027-03-01');
    expect(permanentPermitEnd('2026-03-01', 3)).toBe('2029-03-01');
    expect(permitEndWindow('Permanent', '2026-03-01', '2026-03-01', 1)).toEqual({
      min: '2027-03-01',
      max: '2027-03-01',
    });
  });

  it("shows a permanent permit's last day: the day before its stored end", () => {
    expect(permanentPermitLastDay('2026-03-01', 1)).toBe('2027-02-28');
    expect(permanentPermitLastDay('2028-02-29', 1)).toBe('2029-02-27');
    expect(permanentPermitLastDay('2026-03-01', 3)).toBe('2029-02-28');
  });

  it('limits temporary and custom ends', () => {
    expect(permitEndWindow('Temporary', '2026-02-27', '2026-03-01', 1)).toEqual({
      min: '2026-03-01',
      max: '2026-03-27',
    });
    expect(permitEndWindow('Temporary', '2026-03-05', '2026-03-01', 1)).toEqual({
      min: '2026-03-05',
      max: '2026-04-02',
    });
    expect(permitEndWindow('Custom', '2026-03-05', '2026-03-01', 2)).toEqual({
      min: '2026-03-05',
      max: '2028-03-05',
    });
  });
});

describe('permitPeriodIssues', () => {
  const today = '2026-06-10';
  const refused = (started: string, ended: string | null, duration = 'Temporary' as const, years = 1) =>
    permitPeriodIssues({ duration, started, ended }, today, years).map((i) => `${i.field} ${i.code}`);

  it('allows a start from 3 days back to one calendar year ahead', () => {
    expect(refused('2026-06-07', today)).toEqual([]);
    expect(
      permitPeriodIssues({ duration: 'Temporary', started: '2026-06-06', ended: today }, today, 1),
    ).toEqual([{ field: 'started', code: 'tooEarly', params: { min: '2026-06-07', max: '2027-06-10' } }]);
    expect(refused('2027-06-10', '2027-06-10')).toEqual([]);
    expect(refused('2027-06-11', '2027-06-11')).toEqual(['started tooLate']);
    // A day that does not exist is the field check's to report.
    expect(refused('2026-02-30', today)).toEqual([]);
  });

  it('ends a temporary permit from the later of today and its start, up to 28 days after the start', () => {
    expect(refused('2026-06-08', '2026-06-09')).toEqual(['ended tooEarly']);
    expect(refused('2026-06-08', today)).toEqual([]);
    expect(refused('2026-06-20', '2026-06-19')).toEqual(['ended tooEarly']);
    expect(refused(today, '2026-07-08')).toEqual([]);
    expect(refused(today, '2026-07-09')).toEqual(['ended tooLate']);
    expect(refused(today, null)).toEqual(['ended required']);
    expect(refused(today, '')).toEqual(['ended required']);
  });

  it('ends a custom permit from its start up to PermanentPermitYears years after it', () => {
    const custom = (ended: string) =>
      permitPeriodIssues({ duration: 'Custom', started: '2026-06-08', ended }, today, 2).map((i) => i.code);
    expect(custom('2026-06-08')).toEqual([]);
    expect(custom('2026-06-07')).toEqual(['tooEarly']);
    expect(custom('2028-06-08')).toEqual([]);
    expect(custom('2028-06-09')).toEqual(['tooLate']);
  });

  it('never asks a permanent permit for an end', () => {
    expect(permitPeriodIssues({ duration: 'Permanent', started: today, ended: null }, today, 1)).toEqual([]);
  });
});
