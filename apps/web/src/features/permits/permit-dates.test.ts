import { describe, expect, it } from 'vitest';
import { endRange, formatIsoDay, permanentEnd, permanentPermitYears, startRange } from './permit-dates';

describe('permit dates', () => {
  it('formats days as dd/mm/yyyy', () => {
    expect(formatIsoDay('2026-03-01')).toBe('01/03/2026');
  });

  it('reads PermanentPermitYears, defaulting to 1', () => {
    expect(permanentPermitYears('3')).toBe(3);
    for (const entry of [undefined, '', '0', '1.5', 'x']) expect(permanentPermitYears(entry)).toBe(1);
  });

  it('lets a permit start from 3 days ago to a year ahead', () => {
    expect(startRange('2026-03-01')).toEqual({ min: '2026-02-26', max: '2027-03-01' });
    expect(startRange('2028-02-29')).toEqual({ min: '2028-02-26', max: '2029-02-28' });
  });

  it('ends a permanent permit the permanent years after its start', () => {
    expect(permanentEnd('2026-03-01', 1)).toBe('2027-03-01');
    expect(permanentEnd('2026-03-01', 3)).toBe('2029-03-01');
    expect(endRange('Permanent', '2026-03-01', '2026-03-01', 1)).toEqual({
      min: '2027-03-01',
      max: '2027-03-01',
    });
  });

  it('limits temporary and custom ends', () => {
    expect(endRange('Temporary', '2026-02-27', '2026-03-01', 1)).toEqual({
      min: '2026-03-01',
      max: '2026-03-27',
    });
    expect(endRange('Temporary', '2026-03-05', '2026-03-01', 1)).toEqual({
      min: '2026-03-05',
      max: '2026-04-02',
    });
    expect(endRange('Custom', '2026-03-05', '2026-03-01', 2)).toEqual({
      min: '2026-03-05',
      max: '2028-03-05',
    });
  });
});
