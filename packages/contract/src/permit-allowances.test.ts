import { describe, expect, it } from 'vitest';
import {
  allowanceValueSchema,
  PERMIT_ALLOWANCE_MAX,
  PERMIT_ALLOWANCE_ROWS_MAX,
  updatePermitAllowancesSchema,
} from './permit-allowances.js';
import { ruleCheck } from './rules.js';

describe('permit allowance values', () => {
  it.each([null, 0, 7, PERMIT_ALLOWANCE_MAX])('accepts %j (null is unlimited)', (value) => {
    expect(ruleCheck(allowanceValueSchema, value)).toEqual([]);
  });

  it('reports each refusal as a code with its limit', () => {
    expect(ruleCheck(allowanceValueSchema, -1)).toEqual([
      { field: '', code: 'tooSmall', params: { min: 0 } },
    ]);
    expect(ruleCheck(allowanceValueSchema, 1.5)).toEqual([{ field: '', code: 'wholeNumber', params: {} }]);
    expect(ruleCheck(allowanceValueSchema, 'x')).toEqual([{ field: '', code: 'invalidType', params: {} }]);
    expect(ruleCheck(allowanceValueSchema, PERMIT_ALLOWANCE_MAX + 1)).toEqual([
      { field: '', code: 'tooLarge', params: { max: PERMIT_ALLOWANCE_MAX } },
    ]);
  });

  it('takes 1 to 200 rows in one save', () => {
    const row = { site_SiteGroupNumber: '1001', temporaryAllowance: 1, permanentAllowance: null };
    expect(ruleCheck(updatePermitAllowancesSchema, [])).toEqual([
      { field: '', code: 'required', params: { min: 1 } },
    ]);
    expect(ruleCheck(updatePermitAllowancesSchema, Array(PERMIT_ALLOWANCE_ROWS_MAX + 1).fill(row))).toEqual([
      { field: '', code: 'tooLarge', params: { max: PERMIT_ALLOWANCE_ROWS_MAX } },
    ]);
    expect(ruleCheck(updatePermitAllowancesSchema, [{ ...row, site_SiteGroupNumber: 'X' }])).toEqual([
      { field: '0.site_SiteGroupNumber', code: 'pattern', params: {} },
    ]);
  });
});
