/**
 * Instants as UK users read them (Europe/London, whatever the zone of the browser or the server):
 * one formatter for tables, exports and mails on both sides.
 *
 * The UK offset only changes on the hour (01:00 UTC), so it is looked up once per UTC hour and
 * cached; formatting a 320,000-row export then costs a few arithmetic steps per cell.
 */
const HOUR_MS = 3_600_000;
const offsetParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  hourCycle: 'h23',
});
const offsetByHour = new Map<number, number>();

/** Minutes the UK is ahead of UTC at this instant (0 in winter, 60 in summer). */
export function ukOffsetMinutes(instant: Date): number {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const parts = Object.fromEntries(
      offsetParts.formatToParts(new Date(hour * HOUR_MS)).map((p) => [p.type, p.value]),
    );
    const local = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
    );
    offset = Math.round((local - hour * HOUR_MS) / 60_000);
    if (offsetByHour.size > 100_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The UK wall clock of an instant, as a Date whose UTC fields hold it. */
function ukWallClock(value: Date | string): Date | undefined {
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return undefined;
  return new Date(instant.getTime() + ukOffsetMinutes(instant) * 60_000);
}

/** 'dd/mm/yyyy HH:mm' in UK time; '' for a value that is not an instant. */
export function ukDateTime(value: Date | string): string {
  const wall = ukWallClock(value);
  if (!wall) return '';
  return `${ukDate(value)} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`;
}

/** 'dd/mm/yyyy': the UK calendar day of an instant; '' for a value that is not an instant. */
export function ukDate(value: Date | string): string {
  const wall = ukWallClock(value);
  if (!wall) return '';
  return `${two(wall.getUTCDate())}/${two(wall.getUTCMonth() + 1)}/${wall.getUTCFullYear()}`;
}

/**
 * The last UK day before an exclusive end: a permit entered to end on 27/11 is stored as ending at
 * 00:00 on 28/11 and is shown as ending 27/11; one expired at 14:32 shows that day.
 */
export function ukLastDayBefore(end: Date | string): string {
  const instant = end instanceof Date ? end : new Date(end);
  if (Number.isNaN(instant.getTime())) return '';
  return ukDate(new Date(instant.getTime() - 1));
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'Sunday 22 November 2026': the UK calendar day of an instant; '' for a value that is not an instant. */
export function ukLongDate(value: Date | string): string {
  const wall = ukWallClock(value);
  if (!wall) return '';
  return `${WEEKDAYS[wall.getUTCDay()]} ${wall.getUTCDate()} ${MONTHS[wall.getUTCMonth()]} ${wall.getUTCFullYear()}`;
}

/** 'Sunday 22 November 2026, 17:53' in UK time; '' for a value that is not an instant. */
export function ukLongDateTime(value: Date | string): string {
  const day = ukLongDate(value);
  return day && `${day}, ${ukTime(value)}`;
}

/** 'HH:mm' in UK time; '' for a value that is not an instant. */
export function ukTime(value: Date | string): string {
  const wall = ukWallClock(value);
  if (!wall) return '';
  return `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`;
}

/** 'YYYYMMDDHHmmss' in UK time: the timestamp in export file names. */
export function ukFileStamp(value: Date): string {
  const wall = ukWallClock(value);
  if (!wall) return '';
  return (
    `${wall.getUTCFullYear()}${two(wall.getUTCMonth() + 1)}${two(wall.getUTCDate())}` +
    `${two(wall.getUTCHours())}${two(wall.getUTCMinutes())}${two(wall.getUTCSeconds())}`
  );
}
