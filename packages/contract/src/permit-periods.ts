import { PERMIT_START_MIN_DAYS_BACK, TEMPORARY_PERMIT_MAX_DAYS } from './constants.js';
import type { PermitDuration } from './permit-add.js';
import { addIsoDays, addIsoYears } from './uk-days.js';

/**
 * The days a permit may take (PRODUCT.md section 5), as UK days 'YYYY-MM-DD': one rule for the
 * form's date pickers and the server's checks, so neither offers what the other refuses.
 */
export interface DayWindow {
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
