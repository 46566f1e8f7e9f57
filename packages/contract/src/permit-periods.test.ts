import { describe, expect, it } from 'vitest';
import { permanentPermitEnd, permitEndWindow, permitStartWindow } from './permit-periods.js';
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
