import {
  addIsoDays,
  addIsoMonths,
  configDefaults,
  PERMIT_START_MIN_DAYS_BACK,
  type PermitDuration,
  TEMPORARY_PERMIT_MAX_DAYS,
} from '@client-portal/contract';

/** 'YYYY-MM-DD' as en-GB users read it: dd/mm/yyyy. */
export function formatIsoDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** PermanentPermitYears from the config: a whole number of at least 1, else the default of 1. */
export function permanentPermitYears(entry: string | undefined): number {
  const years = Number(entry ?? configDefaults.PermanentPermitYears);
  return Number.isInteger(years) && years >= 1 ? years : 1;
}

export interface DayRange {
  min: string;
  max: string;
}

/** A permit may start from 3 days ago up to a year from today. */
export function startRange(today: string): DayRange {
  return { min: addIsoDays(today, -PERMIT_START_MIN_DAYS_BACK), max: addIsoMonths(today, 12) };
}

/** The end of a permanent permit: the start plus PermanentPermitYears years (computed, only shown). */
export function permanentEnd(start: string, years: number): string {
  return addIsoMonths(start, 12 * years);
}

/**
 * The end dates a permit of this kind may take. Temporary: from the later of today and the start, to
 * 28 days after the start. Custom: from the start to the start plus the permanent years. Permanent
 * has no choice (see `permanentEnd`).
 */
export function endRange(duration: PermitDuration, start: string, today: string, years: number): DayRange {
  if (duration === 'Temporary') {
    return { min: start > today ? start : today, max: addIsoDays(start, TEMPORARY_PERMIT_MAX_DAYS) };
  }
  const end = permanentEnd(start, years);
  return duration === 'Custom' ? { min: start, max: end } : { min: end, max: end };
}
