import { describe, expect, it } from 'vitest';
import { singleAddMessages, splitBulkProblem } from './permit-problems';

const EXTRA = 'Please contact your client liaison representative.';

describe('singleAddMessages', () => {
  it('flattens field messages without repeats', () => {
    expect(
      singleAddMessages({ vehicleRegistration: ['Taken.'], started: ['Too early.', 'Taken.'] }, EXTRA),
    ).toEqual(['Taken.', 'Too early.']);
  });

  it('follows an allowance message with the extra line', () => {
    expect(singleAddMessages({ Allowance: ['The temporary allowance at 1001 is 10.'] }, EXTRA)).toEqual([
      'The temporary allowance at 1001 is 10.',
      EXTRA,
    ]);
  });
});

describe('splitBulkProblem', () => {
  it('puts {line}_{field} messages back on the lines sent, the rest on the file', () => {
    const problem = splitBulkProblem(
      {
        '2_started': ['The start date is too far ahead.'],
        '2_vehicleRegistration': ['Overlaps another permit.'],
        '5_site_SiteGroupNumber': ['Unknown site.'],
        '9_driverName': ['No such line.'],
        rows: ['Too many rows.'],
      },
      new Set([2, 5]),
      EXTRA,
    );
    expect(Object.fromEntries(problem.byLine)).toEqual({
      2: ['The start date is too far ahead.', 'Overlaps another permit.'],
      5: ['Unknown site.'],
    });
    expect(problem.general).toEqual(['No such line.', 'Too many rows.']);
  });

  it('adds the exceeded-allowance line for Allowance, alone or for a line', () => {
    expect(
      splitBulkProblem({ Allowance: ['Allowance exceeded at 1001.'] }, new Set([2]), EXTRA).general,
    ).toEqual(['Allowance exceeded at 1001.', EXTRA]);
    const perLine = splitBulkProblem({ '3_Allowance': ['Allowance exceeded.'] }, new Set([3]), EXTRA);
    expect(perLine.byLine.get(3)).toEqual(['Allowance exceeded.']);
    expect(perLine.general).toEqual([EXTRA]);
  });
});
