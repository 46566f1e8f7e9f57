import { ukInstant } from '@client-portal/contract';

/**
 * Permit dates are UK calendar days (yyyy-mm-dd): the portal's users, sites and "today" are in the UK.
 * A day starts at 00:00 Europe/London, which is 23:00 UTC the evening before while summer time runs.
 */
export function ukStartOfDay(day: string): Date {
  const start = ukInstant(day);
  if (!start) throw new RangeError(`Not a day: ${day}`);
  return start;
}
