import { z } from 'zod';

/**
 * UK calendar days as 'YYYY-MM-DD': the portal's users, sites and "today" are in the UK, whatever
 * the time zone of the browser or the server.
 */
const ukDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });

/** Today (or the day of `now`) as a UK calendar day. */
export function ukToday(now: Date = new Date()): string {
  return ukDay.format(now);
}

/** The form of a day on the wire and in date inputs: 'YYYY-MM-DD'. */
export const ISO_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day on the wire or in a date input, 'YYYY-MM-DD': `pattern` when it is not of that form,
 * `invalidDate` when there is no such day (30 February).
 */
export const isoDaySchema = z
  .string()
  .regex(ISO_DAY_PATTERN, 'pattern')
  .refine((day) => isRealDay(day), 'invalidDate');

/** Is this text a 'YYYY-MM-DD' day that exists (no 30 February)? */
export function isIsoDay(value: string): boolean {
  return ISO_DAY_PATTERN.test(value) && isRealDay(value);
}

/** Is this 'YYYY-MM-DD' a day that exists (no 30 February)? */
export function isRealDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** Adds whole calendar days to a 'YYYY-MM-DD' day (UTC arithmetic, so no daylight-saving surprises). */
export function addIsoDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Adds calendar months to a day, clamped to the end of the target month (31 Jan + 1 month = 28/29 Feb),
 * the rule both the wizard's end-date maximum and the server's range check use.
 */
export function addIsoMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const lastOfTarget = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastOfTarget))).toISOString().slice(0, 10);
}

/** Whole calendar years later, 29 February becoming 28 February (as PostgreSQL's interval does). */
export function addIsoYears(day: string, years: number): string {
  return addIsoMonths(day, 12 * years);
}

/** 'YYYY-MM-DD' as UK users read it: dd/mm/yyyy. */
export function ukDisplayDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}
