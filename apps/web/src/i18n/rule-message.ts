import { ISO_DAY_PATTERN, type RuleIssue, ukDisplayDay } from '@client-portal/contract';
import type { TFunction } from 'i18next';

/** Days in a rule's parameters as UK users read them (dd/mm/yyyy); other values as they are. */
function shownParams(params: RuleIssue['params']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      const text = String(value);
      return [name, ISO_DAY_PATTERN.test(text) ? ukDisplayDay(text) : text];
    }),
  );
}

/**
 * A contract rule issue as this browser says it, from one i18n table (`table`, e.g.
 * 'tickets.search.rules'): the entry for the field and code (`{table}.{field}.{code}`), else the
 * code's own (`{table}.{code}`), else the field's (`{table}.{field}`). `label` names the field.
 */
export function ruleMessage(t: TFunction, table: string, issue: RuleIssue, label: string): string {
  const keys = [`${table}.${issue.field}.${issue.code}`, `${table}.${issue.code}`, `${table}.${issue.field}`];
  return t(keys as never, { field: label, ...shownParams(issue.params) }) as string;
}
