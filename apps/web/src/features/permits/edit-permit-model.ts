import {
  checkPermitEditFields,
  type PermitDetail,
  type PermitEditBody,
  type PermitEditField,
  permitEndIssues,
  permitRefusalMessage,
  type RuleIssue,
  ukLastDayBefore,
  ukToday,
} from '@client-portal/contract';
import type { TFunction } from 'i18next';

/** The edit form's values: text as the inputs give them (reason '' for none). */
export interface EditPermitValues {
  vehicleRegistration: string;
  driverName: string;
  reason: string;
  /** yyyy-mm-dd, the inclusive end day. */
  ended: string;
}

export interface EditPermitContext {
  permit: PermitDetail;
  today: string;
  permanentYears: number;
}

/** A permit's inclusive UK end day, yyyy-mm-dd. */
export const endDayOf = (permit: Pick<PermitDetail, 'ended'>) =>
  ukToday(new Date(Date.parse(permit.ended) - 1));

export function initialEditValues(permit: PermitDetail): EditPermitValues {
  return {
    vehicleRegistration: permit.vehicleRegistration,
    driverName: permit.driverName,
    reason: permit.reason === null ? '' : String(permit.reason),
    ended: endDayOf(permit),
  };
}

export function toPermitEditBody(values: EditPermitValues, permit: PermitDetail): PermitEditBody {
  return {
    vehicleRegistration: values.vehicleRegistration,
    driverName: values.driverName,
    reason: values.reason === '' ? null : Number(values.reason),
    ended: permit.duration === 'Permanent' ? null : values.ended,
  };
}

const editFields: readonly PermitEditField[] = ['vehicleRegistration', 'driverName', 'reason', 'ended'];

/**
 * A refusal of the edit in the add form's words (the same rules, the same messages), from the
 * contract's one table of permit refusals.
 */
export function editPermitMessage(issue: RuleIssue, _t?: TFunction): string {
  return permitRefusalMessage(issue, 'form');
}

/** The first message of each field: the contract's field rules, then the end day's window when it changed. */
export function editPermitErrors(
  values: EditPermitValues,
  _t: TFunction,
  { permit, today, permanentYears }: EditPermitContext,
): Partial<Record<keyof EditPermitValues, string>> {
  const body = toPermitEditBody(values, permit);
  const { issues } = checkPermitEditFields(body);
  if (permit.duration !== 'Permanent' && values.ended !== endDayOf(permit)) {
    const started = ukToday(new Date(permit.started));
    issues.push(
      ...permitEndIssues({ duration: permit.duration, started, ended: values.ended }, today, permanentYears),
    );
  }
  return fieldMessages(issues);
}

/** The first message of each field of these issues (from the rules, or from the server's rows). */
export function fieldMessages(
  issues: readonly RuleIssue[],
  _t?: TFunction,
): Partial<Record<keyof EditPermitValues, string>> {
  const messages: Partial<Record<keyof EditPermitValues, string>> = {};
  for (const issue of issues) {
    const field = issue.field as keyof EditPermitValues;
    if (editFields.includes(field) && !messages[field]) messages[field] = editPermitMessage(issue);
  }
  return messages;
}

/** The last day a permanent permit covers, as shown. */
export const shownEnd = (permit: PermitDetail) => ukLastDayBefore(permit.ended);
