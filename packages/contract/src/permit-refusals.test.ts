import { describe, expect, it } from 'vitest';
import { type PermitRowIssue, permitRowFields } from './permit-add.js';
import {
  isWholeAddRefusal,
  type PermitRefusalVoice,
  permitRefusalErrors,
  permitRefusalKey,
  permitRefusalMessage,
  permitRefusalMessages,
} from './permit-refusals.js';
import { type RuleCode, ruleCodes } from './rules.js';

const voices: PermitRefusalVoice[] = ['api', 'upload', 'form'];
const params = {
  min: '2026-01-01',
  max: '2026-02-01',
  value: '9999',
  line: 4,
  row: 2,
  suggestion: 'AB12CDE',
  seenThisWeek: 3,
  seen30Days: 3,
  kind: 'temporary',
  place: 'site 1001',
  cap: 5,
  count: 10001,
  months: 1,
};

describe('the one table of permit refusals', () => {
  it('has a message for every rule code', () => {
    expect(Object.keys(permitRefusalMessages).sort()).toEqual([...ruleCodes].sort());
  });

  it('says every code of every field in every voice, with no parameter left unsaid', () => {
    for (const code of ruleCodes) {
      for (const field of [...permitRowFields, 'Allowance', 'id']) {
        for (const voice of voices) {
          const message = permitRefusalMessage({ field, code, params }, voice);
          expect(message, `${voice} ${field} ${code}`).toMatch(/\S/);
          expect(message, `${voice} ${field} ${code}`).not.toMatch(/undefined|\{\{|\$\{/);
        }
      }
    }
  });

  it('says the spec’s English (operations spec section 5)', () => {
    const say = (field: string, code: RuleCode, p = {}, voice: PermitRefusalVoice = 'api') =>
      permitRefusalMessage({ field, code, params: p }, voice);
    expect(say('driverName', 'required')).toBe('Driver Name is required');
    expect(say('vehicleRegistration', 'maxLength', { max: 10 })).toBe(
      'Vehicle Registration max. length is 10 characters',
    );
    expect(say('started', 'tooLate', { min: '2026-01-01', max: '2027-01-01' })).toBe(
      'Start Date must be between 01/01/2026 and 01/01/2027.',
    );
    expect(say('duration', 'oneOf', {}, 'upload')).toBe('Temporary must be Yes or No');
    expect(say('vehicleRegistration', 'pattern', {}, 'form')).toBe(
      'Please only enter capital alphanumeric characters.',
    );
    expect(say('Allowance', 'allowanceExceeded', { kind: 'permanent', place: 'site 1001', cap: 5 })).toBe(
      'The permanent permit allowance for site 1001 (5) would be exceeded.',
    );
  });

  it('keys each refusal as the spec does, and builds the errors from the codes alone', () => {
    const rows: PermitRowIssue[] = [
      { line: 3, field: 'driverName', code: 'required', params: {} },
      { line: null, field: 'id', code: 'lineRepeated', params: { line: 4 } },
      { line: null, field: 'authorisedBy', code: 'required', params: {} },
    ];
    expect(rows.map(permitRefusalKey)).toEqual(['3_driverName', 'id', 'authorisedBy']);
    expect(rows.map(isWholeAddRefusal)).toEqual([false, true, false]);
    expect(permitRefusalErrors(rows)).toEqual({
      '3_driverName': ['Driver Name is required'],
      id: ['Line 4 appears more than once.'],
      authorisedBy: ['Authorised By is required'],
    });
  });
});
