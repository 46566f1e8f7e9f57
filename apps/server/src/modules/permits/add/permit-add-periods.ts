import { addIsoDays, type PermitDuration, permanentPermitEnd } from '@client-portal/contract';
import { ukStartOfDay } from './permit-dates.js';

/**
 * The stored instants of a permit whose days passed `permitPeriodIssues`: it starts at 00:00 UK time
 * on its start day and ends at 00:00 after its inclusive end day; a permanent permit ends
 * `permanentYears` years to the day after it starts, whatever end day was sent.
 */
export function permitPeriod(
  duration: PermitDuration,
  startDay: string,
  endDay: string | null | undefined,
  permanentYears: number,
): { started: Date; ended: Date } {
  const started = ukStartOfDay(startDay);
  // Rows without an end are refused before, unless permanent.
  if (duration === 'Permanent' || !endDay) {
    return { started, ended: ukStartOfDay(permanentPermitEnd(startDay, permanentYears)) };
  }
  return { started, ended: ukStartOfDay(addIsoDays(endDay, 1)) };
}
