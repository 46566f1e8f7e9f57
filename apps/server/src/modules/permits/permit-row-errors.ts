import {
  type PermitAddMode,
  type PermitRowIssue,
  permitRowKey,
  type RuleIssue,
} from '@client-portal/contract';
import { FieldErrors } from '../../plugins/problem.js';
import { permitRowMessage } from './permit-row-messages.js';

/**
 * The refusals of one permit write (POST /permits, or PUT /permits/{type}/{permitId} as a single row):
 * each row's under its spec key (`{line}_{field}` bulk, `{field}` single) in English, and listed with its code as `rows`; others (`id`, `Allowance`) by key alone.
 */
export class PermitRowErrors {
  private readonly fields = new FieldErrors();
  private readonly rows: PermitRowIssue[] = [];
  constructor(readonly mode: PermitAddMode) {}

  row(line: number, issue: RuleIssue): void {
    this.rows.push({ ...issue, line: this.mode === 'bulk' ? line : null });
    this.fields.add(permitRowKey(this.mode, line, issue.field), permitRowMessage(issue));
  }

  add(key: string, message: string): void {
    this.fields.add(key, message);
  }

  throwIfAny(): void {
    this.fields.throwIfAny({ rows: this.rows });
  }
}
