const DAY_MS = 86_400_000;

/** Midnight UTC of the day `today` falls on: every seeded date is a whole number of days from it. */
export function startOfUtcDay(today: Date): Date {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
}

export function startOfUtcMonth(today: Date, monthsBack = 0): Date {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - monthsBack, 1));
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}

export function daysBetween(from: Date, to: Date): number {
  return Math.round((to.getTime() - from.getTime()) / DAY_MS);
}

/** yyyy-mm-dd of a UTC instant (the `date` columns). */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
