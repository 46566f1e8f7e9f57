import {
  addIsoDays,
  isRealDay,
  type PermitDuration,
  permanentPermitEnd,
  permitEndWindow,
  permitStartWindow,
  ukDisplayDay,
} from '@client-portal/contract';
import { ukStartOfDay } from './permit-dates.js';

export interface PeriodInput {
  duration: PermitDuration;
  /** yyyy-mm-dd (UK day). */
  startDay: string;
  /** yyyy-mm-dd, inclusive; ignored for Permanent. */
  endDay?: string | null;
  /** Today as a UK day. */
  today: string;
  permanentYears: number;
}

export type PeriodResult =
  | { ok: true; started: Date; ended: Date }
  | { ok: false; field: 'started' | 'ended'; message: string };

const between = (label: string, min: string, max: string) =>
  `${label} must be between ${ukDisplayDay(min)} and ${ukDisplayDay(max)}.`;

/**
 * Checks a permit's days (PRODUCT.md section 5) and turns them into the stored instants: it starts at
 * 00:00 UK time on its start day and ends at 00:00 after its inclusive end day; a permanent permit
 * ends `permanentYears` years to the day after it starts, whatever end day was sent.
 */
export function permitPeriod(input: PeriodInput): PeriodResult {
  if (!isRealDay(input.startDay))
    return { ok: false, field: 'started', message: 'Start Date must be a valid date' };
  const start = permitStartWindow(input.today);
  if (input.startDay < start.min || input.startDay > start.max) {
    return { ok: false, field: 'started', message: between('Start Date', start.min, start.max) };
  }
  const started = ukStartOfDay(input.startDay);
  if (input.duration === 'Permanent') {
    return {
      ok: true,
      started,
      ended: ukStartOfDay(permanentPermitEnd(input.startDay, input.permanentYears)),
    };
  }
  if (!input.endDay) return { ok: false, field: 'ended', message: 'End Date is required' };
  if (!isRealDay(input.endDay))
    return { ok: false, field: 'ended', message: 'End Date must be a valid date' };
  const end = permitEndWindow(input.duration, input.startDay, input.today, input.permanentYears);
  if (input.endDay < end.min || input.endDay > end.max) {
    return { ok: false, field: 'ended', message: between('End Date', end.min, end.max) };
  }
  return { ok: true, started, ended: ukStartOfDay(addIsoDays(input.endDay, 1)) };
}
