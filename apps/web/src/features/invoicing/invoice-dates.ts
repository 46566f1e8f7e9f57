import { addIsoDays, firstIssuePerField, invoiceRangeSchema, ruleCheck } from '@client-portal/contract';
import type { TFunction } from 'i18next';
import { ruleMessage } from '../../i18n/rule-message';

/**
 * Default range: the previous calendar month, or the month before the day before a supplied end
 * (spec: "first day of the previous month and last day of the previous month").
 */
export function defaultRange(today: string, end?: string): { start: string; end: string } {
  const last = end ? addIsoDays(end, -1) : addIsoDays(`${today.slice(0, 7)}-01`, -1);
  return { start: `${last.slice(0, 7)}-01`, end: last };
}

/**
 * The form's messages for its two days: the contract's invoice range rule (the one the server holds
 * the wire range to), said from `invoicing.query.rules`, one a field.
 */
export function rangeMessages(
  start: string,
  end: string,
  today: string,
  t: TFunction,
): { start?: string; end?: string } {
  const issues = firstIssuePerField(ruleCheck(invoiceRangeSchema(today), { start, end }));
  return Object.fromEntries(
    issues.map((issue) => [issue.field, ruleMessage(t, 'invoicing.query.rules', issue, issue.field)]),
  );
}

/** The end date is inclusive on screen; the API takes an exclusive `to`, so one day is added. */
export function toWireRange(start: string, end: string): { from: string; to: string } {
  return { from: start, to: addIsoDays(end, 1) };
}
