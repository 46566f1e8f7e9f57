/**
 * Permit dates are UK calendar days (yyyy-mm-dd): the portal's users, sites and "today" are in the UK.
 * A day starts at 00:00 Europe/London, which is 23:00 UTC the evening before while summer time runs.
 */
const UK_ZONE = 'Europe/London';
const ukClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** Minutes the UK clock is ahead of UTC at this instant (0 in winter, 60 in summer). */
function ukOffsetMinutes(at: number): number {
  const parts = Object.fromEntries(ukClock.formatToParts(at).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return Math.round((asUtc - Math.floor(at / 60_000) * 60_000) / 60_000);
}

/**
 * The instant a UK day starts. The clocks change at 01:00 UTC, never at midnight, so the offset read
 * at the day's UTC midnight is the one in force at its UK midnight once corrected a second time.
 */
export function ukStartOfDay(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  let at = utcMidnight - ukOffsetMinutes(utcMidnight) * 60_000;
  at = utcMidnight - ukOffsetMinutes(at) * 60_000;
  return new Date(at);
}
