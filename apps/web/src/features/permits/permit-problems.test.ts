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
const allowance = {
  line: null,
  field: 'Allowance',
  code: 'allowanceExceeded' as const,
  params: { kind: 'temporary', place: 'site 1001', cap: 10 },
};

describe('singleAddMessages', () => {
  it('says each coded refusal in the browser words, without repeats, never the English sent', () => {
    const problem = answer({
      errors: { vehicleRegistration: ['Overlaps.'], id: ['Taken.'] },
      rows: [
        { line: null, field: 'vehicleRegistration', code: 'overlap', params: {} },
        { line: null, field: 'vehicleRegistration', code: 'overlap', params: {} },
      ],
    });
    expect(singleAddMessages(problem, said, EXTRA)).toEqual(['vehicleRegistration overlap']);
  });

  it('follows an exceeded allowance with the extra line', () => {
    const problem = answer({ errors: { Allowance: ['Sent.'] }, rows: [allowance] });
    expect(singleAddMessages(problem, said, EXTRA)).toEqual(['Allowance allowanceExceeded', EXTRA]);
  });
});

describe('splitBulkProblem', () => {
  it('puts the refusals back on the lines sent, the rest (the whole add’s) on the file', () => {
    const problem = splitBulkProblem(
      answer({
        rows: [
          { line: 2, field: 'started', code: 'tooLate', params: { min: '2026-01-01', max: '2027-01-01' } },
          { line: 2, field: 'vehicleRegistration', code: 'overlap', params: {} },
          { line: 5, field: 'site_SiteGroupNumber', code: 'notAssigned', params: { value: '9999' } },
          { line: 9, field: 'driverName', code: 'pattern', params: {} },
          { line: null, field: 'id', code: 'lineRepeated', params: { line: 4 } },
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
    expect(problem.general).toEqual(['driverName pattern', 'id lineRepeated']);
  });

  it('adds the exceeded-allowance line for an exceeded allowance', () => {
    const problem = answer({ rows: [allowance] });
    expect(splitBulkProblem(problem, new Set([2]), said, EXTRA).general).toEqual([
      'Allowance allowanceExceeded',
      EXTRA,
    ]);
  });
});
