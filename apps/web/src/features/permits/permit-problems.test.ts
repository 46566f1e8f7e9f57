import type { Problem, RuleIssue } from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import { singleAddMessages, splitBulkProblem } from './permit-problems';

const EXTRA = 'Please contact your client liaison representative.';
const said = (issue: RuleIssue) => `${issue.field} ${issue.code}`;
const answer = (fields: Partial<Problem>): Problem => ({
  title: 'Validation failed',
  status: 400,
  ...fields,
});

describe('singleAddMessages', () => {
  it('says each row issue in the browser words, then the other messages, without repeats', () => {
    const problem = answer({
      errors: { vehicleRegistration: ['Overlaps.'], id: ['Taken.', 'Taken.'] },
      rows: [{ line: null, field: 'vehicleRegistration', code: 'overlap', params: {} }],
    });
    expect(singleAddMessages(problem, said, EXTRA)).toEqual(['vehicleRegistration overlap', 'Taken.']);
  });

  it('follows an allowance message with the extra line', () => {
    const problem = answer({ errors: { Allowance: ['The temporary allowance at 1001 is 10.'] } });
    expect(singleAddMessages(problem, said, EXTRA)).toEqual([
      'The temporary allowance at 1001 is 10.',
      EXTRA,
    ]);
  });
});

describe('splitBulkProblem', () => {
  it('puts the row issues back on the lines sent, the rest on the file', () => {
    const problem = splitBulkProblem(
      answer({
        errors: {
          '2_started': ['Start Date must be between ...'],
          '2_vehicleRegistration': ['Overlaps.'],
          '5_site_SiteGroupNumber': ['9999 is not assigned to your account'],
          '9_driverName': ['No such line.'],
          id: ['Line 4 appears more than once.'],
        },
        rows: [
          { line: 2, field: 'started', code: 'tooLate', params: { min: '2026-01-01', max: '2027-01-01' } },
          { line: 2, field: 'vehicleRegistration', code: 'overlap', params: {} },
          { line: 5, field: 'site_SiteGroupNumber', code: 'notAssigned', params: { value: '9999' } },
          { line: 9, field: 'driverName', code: 'pattern', params: {} },
        ],
      }),
      new Set([2, 5]),
      said,
      EXTRA,
    );
    expect(Object.fromEntries(problem.byLine)).toEqual({
      2: ['started tooLate', 'vehicleRegistration overlap'],
      5: ['site_SiteGroupNumber notAssigned'],
    });
    expect(problem.general).toEqual(['driverName pattern', 'Line 4 appears more than once.']);
  });

  it('adds the exceeded-allowance line for Allowance', () => {
    const problem = answer({ errors: { Allowance: ['Allowance exceeded at 1001.'] } });
    expect(splitBulkProblem(problem, new Set([2]), said, EXTRA).general).toEqual([
      'Allowance exceeded at 1001.',
      EXTRA,
    ]);
  });
});
