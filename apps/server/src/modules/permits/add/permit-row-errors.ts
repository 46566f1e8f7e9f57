import {
  type PermitAddMode,
  type PermitRowIssue,
  permitRefusalErrors,
  type RuleCode,
  type RuleIssue,
  type RuleParams,
} from '@client-portal/contract';
import { validationFailed } from '../../../plugins/problem.js';

/**
 * The refusals of one POST /permits (or a permit edit), coded: each a rule code with its parameters,
 * listed as `rows` (a row's field with its CSV line in a bulk add; the whole add's, `Allowance` and
 * `id`, with no line). The spec's `errors` are said from them by the contract's one table
 * (`permitRefusalErrors`), never written here.
 */
export class PermitRowErrors {
  private readonly rows: PermitRowIssue[] = [];
  constructor(readonly mode: PermitAddMode) {}

  /** A refused check of the row on `line` (the line is kept in a bulk add only). */
  row(line: number, issue: RuleIssue): void {
    this.rows.push({ ...issue, line: this.mode === 'bulk' ? line : null });
  }

  /** A refusal of the whole add, under the spec's key (`Allowance`, `id`). */
  whole(key: 'Allowance' | 'id', code: RuleCode, params: RuleParams): void {
    this.rows.push({ field: key, code, params, line: null });
  }

  /** Every refusal noted so far. */
  get issues(): readonly PermitRowIssue[] {
    return this.rows;
  }

  get any(): boolean {
    return this.rows.length > 0;
  }

  throwIfAny(): void {
    if (this.any) throw validationFailed(permitRefusalErrors(this.rows), undefined, { rows: this.rows });
  }
}
