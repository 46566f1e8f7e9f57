import { addIsoDays, addIsoMonths } from '@client-portal/contract';

/**
 * Default range: the previous calendar month, or the month before the day before a supplied end
 * (spec: "first day of the previous month and last day of the previous month").
 */
export function defaultRange(today: string, end?: string): { start: string; end: string } {
  const last = end ? addIsoDays(end, -1) : addIsoDays(`${today.slice(0, 7)}-01`, -1);
  return { start: `${last.slice(0, 7)}-01`, end: last };
}

/** Latest allowed end date: one month after the start, capped at today. */
export function maxEndDate(start: string, today: string): string {
  const monthLater = addIsoMonths(start, 1);
  return monthLater < today ? monthLater : today;
}

export type DateError = 'startRequired' | 'startAfterToday' | 'endRequired' | 'endBeforeStart' | 'endTooLate';

/** The form's date rules, the same ones the server enforces on the wire range. */
export function validateRange(
  start: string,
  end: string,
  today: string,
): { start?: DateError; end?: DateError } {
  const errors: { start?: DateError; end?: DateError } = {};
  if (!start) errors.start = 'startRequired';
  else if (start > today) errors.start = 'startAfterToday';
  if (!end) errors.end = 'endRequired';
  else if (start && end < start) errors.end = 'endBeforeStart';
  else if (start && end > maxEndDate(start, today)) errors.end = 'endTooLate';
  return errors;
}

/** The end date is inclusive on screen; the API takes an exclusive `to`, so one day is added. */
export function toWireRange(start: string, end: string): { from: string; to: string } {
  return { from: start, to: addIsoDays(end, 1) };
}
