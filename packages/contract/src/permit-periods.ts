import { PERMIT_START_MIN_DAYS_BACK, TEMPORARY_PERMIT_MAX_DAYS } from './constants.js';
import type { PermitDuration } from './permit-add.js';
import type { RuleIssue } from './rules.js';
import { addIsoDays, addIsoYears, isIsoDay } from './uk-days.js';

/**
 * The days a permit may take (the product brief, section 5), as UK days 'YYYY-MM-DD': one rule for the
 * form's date pickers and the server's checks, so neither offers what the other refuses.
 */
interface DayWindow {
  min: string;
  max: string;
}

/** A permit may start from 3 days before today to one calendar year after it. */
export function permitStartWindow(today: string): DayWindow {
  return { min: addIsoDays(today, -PERMIT_START_MIN_DAYS_BACK), max: addIsoYears(today, 1) };
}

/** A permanent permit ends PermanentPermitYears years to the day after it starts (computed, never chosen). */
export function permanentPermitEnd(start: string, years: number): string {
  return addIsoYears(start, years);
}

/**
 * The last day a permanent permit covers, as it is stored and emailed: the server stores the end as
 * 00:00 UK time on `permanentPermitEnd`, so the last whole day is the one before (what
 * `ukLastDayBefore` reads back from the stored instant). Screens that show a permanent permit's end
 * before it is stored (the add form, the bulk preview) show this day.
 */
export function permanentPermitLastDay(start: string, years: number): string {
  return addIsoDays(permanentPermitEnd(start, years), -1);
}

/**
 * The inclusive end days a permit may take. Temporary: from the later of today and the start to 28
 * days after the start. Custom: from the start to the start plus the permanent years. Permanent: only
 * its computed end.
 */
export function permitEndWindow(
  duration: PermitDuration,
  start: string,
  today: string,
  years: number,
): DayWindow {
  if (duration === 'Temporary') {
    return { min: start > today ? start : today, max: addIsoDays(start, TEMPORARY_PERMIT_MAX_DAYS) };
  }
  const end = permanentPermitEnd(start, years);
  return duration === 'Custom' ? { min: start, max: end } : { min: end, max: end };
}

interface PermitPeriodInput {
  duration?: PermitDuration;
  started?: string;
  ended?: string | null;
}

function windowIssue(field: 'started' | 'ended', day: string, window: DayWindow): RuleIssue[] {
  if (day < window.min) return [{ field, code: 'tooEarly', params: { ...window } }];
  if (day > window.max) return [{ field, code: 'tooLate', params: { ...window } }];
  return [];
}

/**
 * The day rules of a permit whose fields passed their own checks (the product brief, section 5): the start
 * within its window; for Temporary and Custom an end, within its window. Permanent ends are computed.
 */
export function permitPeriodIssues(
  { duration, started, ended }: PermitPeriodInput,
  today: string,
  permanentYears: number,
): RuleIssue[] {
  if (!started || !isIsoDay(started)) return [];
  const issues = windowIssue('started', started, permitStartWindow(today));
  if (duration !== 'Temporary' && duration !== 'Custom') return issues;
  return [...issues, ...permitEndIssues({ duration, started, ended }, today, permanentYears)];
}

/**
 * The end-day rule alone, for a permit whose start is already stored (an edit): Temporary and Custom
 * need an end within their window; a Permanent permit's end is computed, so none is checked.
 */
export function permitEndIssues(
  { duration, started, ended }: PermitPeriodInput,
  today: string,
  permanentYears: number,
): RuleIssue[] {
  if (duration !== 'Temporary' && duration !== 'Custom') return [];
  if (!ended) return [{ field: 'ended', code: 'required', params: {} }];
  if (!started || !isIsoDay(ended)) return [];
  return windowIssue('ended', ended, permitEndWindow(duration, started, today, permanentYears));
}
