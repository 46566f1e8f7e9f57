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
export function ukWallClock(value: Date | string): Date | undefined {
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return undefined;
  return new Date(instant.getTime() + ukOffsetMinutes(instant) * 60_000);
}

/** 'dd/mm/yyyy HH:mm' in UK time; '' for a value that is not an instant. */
export function ukDateTime(value: Date | string): string {
  const at = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(at)) return '';
  // The UK offset is whole hours and constant within a UTC hour: the day and hour are looked up once
  // per hour, the minutes are the instant's own (an export formats 320,000 of these).
  const hour = Math.floor(at / HOUR_MS);
  let dayAndHour = dayAndHourByHour.get(hour);
  if (dayAndHour === undefined) {
    const wall = ukWallClock(new Date(hour * HOUR_MS)) as Date;
    dayAndHour = `${two(wall.getUTCDate())}/${two(wall.getUTCMonth() + 1)}/${wall.getUTCFullYear()} ${two(wall.getUTCHours())}`;
    if (dayAndHourByHour.size > 100_000) dayAndHourByHour.clear();
    dayAndHourByHour.set(hour, dayAndHour);
  }
  return `${dayAndHour}:${two(Math.floor((at - hour * HOUR_MS) / 60_000))}`;
}

const dayAndHourByHour = new Map<number, string>();

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

/** The same in Welsh (decision 49): cy-GB's names, as Intl writes them, capitalised to begin a date. */
const WELSH_WEEKDAYS = [
  'Dydd Sul',
  'Dydd Llun',
  'Dydd Mawrth',
  'Dydd Mercher',
  'Dydd Iau',
  'Dydd Gwener',
  'Dydd Sadwrn',
];
const WELSH_MONTHS = [
  'Ionawr',
  'Chwefror',
  'Mawrth',
  'Ebrill',
  'Mai',
  'Mehefin',
  'Gorffennaf',
  'Awst',
  'Medi',
  'Hydref',
  'Tachwedd',
  'Rhagfyr',
];

/**
 * 'Sunday 22 November 2026' ('Dydd Sul 22 Tachwedd 2026' in Welsh): the UK calendar day of an
 * instant; '' for a value that is not an instant.
 */
export function ukLongDate(value: Date | string, language: 'en' | 'cy' = 'en'): string {
  const wall = ukWallClock(value);
  if (!wall) return '';
  const [weekdays, months] = language === 'cy' ? [WELSH_WEEKDAYS, WELSH_MONTHS] : [WEEKDAYS, MONTHS];
  return `${weekdays[wall.getUTCDay()]} ${wall.getUTCDate()} ${months[wall.getUTCMonth()]} ${wall.getUTCFullYear()}`;
}

/** 'Sunday 22 November 2026, 17:53' in UK time, in English or Welsh; '' for a value that is not an instant. */
export function ukLongDateTime(value: Date | string, language: 'en' | 'cy' = 'en'): string {
  const day = ukLongDate(value, language);
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

/** 'yyyy-mm-ddTHH:mm' in UK time, the value a datetime-local input holds; '' for a non-instant. */
export function ukDateTimeInput(value: Date | string): string {
  const wall = ukWallClock(value);
  if (!wall) return '';
  return wall.toISOString().slice(0, 16);
}

/**
 * The instant a UK wall-clock time names ('yyyy-mm-ddTHH:mm' with optional seconds, or 'yyyy-mm-dd' for its midnight),
 * whatever the zone of the browser or the server; undefined when it is not one. The offset read at
 * the time taken as UTC is corrected once more, since the clocks change at 01:00 UTC.
 */
export function ukInstant(wallTime: string): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2})(:\d{2})?)?$/.exec(wallTime);
  if (!match) return undefined;
  const asUtc = Date.parse(`${match[1]}T${match[2] ?? '00:00'}${match[3] ?? ':00'}Z`);
  // Date.parse rolls 30 February over into March: the day must come back as written.
  if (!Number.isFinite(asUtc) || new Date(asUtc).toISOString().slice(0, 10) !== match[1]) return undefined;
  let at = asUtc - ukOffsetMinutes(new Date(asUtc)) * 60_000;
  at = asUtc - ukOffsetMinutes(new Date(at)) * 60_000;
  return new Date(at);
}
