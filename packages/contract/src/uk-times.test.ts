import { describe, expect, it } from 'vitest';
import {
  ukDate,
  ukDateTime,
  ukDateTimeInput,
  ukFileStamp,
  ukInstant,
  ukLastDayBefore,
  ukLongDateTime,
  ukOffsetMinutes,
  ukTime,
} from './uk-times.js';

describe('UK date and time of an instant', () => {
  it('shows winter instants as UTC and summer ones an hour ahead', () => {
    expect(ukDateTime('2026-01-15T09:05:00Z')).toBe('15/01/2026 09:05');
    expect(ukDateTime('2026-07-15T09:05:00Z')).toBe('15/07/2026 10:05');
  });

  it('takes the UK day, so 23:30 UTC in summer is the next day', () => {
    expect(ukDate('2026-07-01T23:30:00Z')).toBe('02/07/2026');
    expect(ukDate(new Date('2026-01-01T23:30:00Z'))).toBe('01/01/2026');
    expect(ukTime('2026-07-01T23:30:00Z')).toBe('00:30');
  });

  it('changes the clock at 01:00 UTC on the last Sundays of March and October', () => {
    expect(ukDateTime('2026-03-29T00:59:00Z')).toBe('29/03/2026 00:59');
    expect(ukDateTime('2026-03-29T01:00:00Z')).toBe('29/03/2026 02:00');
    expect(ukDateTime('2026-10-25T00:59:00Z')).toBe('25/10/2026 01:59');
    expect(ukDateTime('2026-10-25T01:00:00Z')).toBe('25/10/2026 01:00');
    expect(ukOffsetMinutes(new Date('2026-10-25T00:30:00Z'))).toBe(60);
  });

  it('answers an empty text for something that is not an instant', () => {
    expect(ukDateTime('not a date')).toBe('');
    expect(ukDate('')).toBe('');
  });

  it('stamps file names in UK time', () => {
    expect(ukFileStamp(new Date('2026-07-01T23:30:05Z'))).toBe('20260702003005');
  });
});

describe('permit days and the long UK form', () => {
  it('shows a permit entered to end on 27/11 as ending 27/11, in winter and in summer', () => {
    // Stored as 00:00 UK time after the last day: 28/11 00:00 in winter, 28/07 00:00 BST in summer.
    expect(ukLastDayBefore('2026-11-28T00:00:00Z')).toBe('27/11/2026');
    expect(ukLastDayBefore('2026-07-27T23:00:00Z')).toBe('27/07/2026');
    // A permit expired during the day ends that day.
    expect(ukLastDayBefore(new Date('2026-11-22T14:32:00Z'))).toBe('22/11/2026');
    expect(ukLastDayBefore('not a date')).toBe('');
  });

  it("reads 'Sunday 22 November 2026, 17:53'", () => {
    expect(ukLongDateTime('2026-11-22T17:53:00Z')).toBe('Sunday 22 November 2026, 17:53');
    expect(ukLongDateTime('2026-07-01T23:30:00Z')).toBe('Thursday 2 July 2026, 00:30');
  });
});

describe('UK wall-clock times for datetime inputs', () => {
  it('shows an instant as the UK wall clock, in winter and in summer', () => {
    expect(ukDateTimeInput('2026-01-15T09:30:00Z')).toBe('2026-01-15T09:30');
    expect(ukDateTimeInput('2026-07-15T23:30:00Z')).toBe('2026-07-16T00:30');
    expect(ukDateTimeInput('not a time')).toBe('');
  });

  it('reads a UK wall clock back as the instant it names', () => {
    expect(ukInstant('2026-01-15T09:30')?.toISOString()).toBe('2026-01-15T09:30:00.000Z');
    expect(ukInstant('2026-07-16T00:30')?.toISOString()).toBe('2026-07-15T23:30:00.000Z');
    expect(ukInstant('2026-07-16')?.toISOString()).toBe('2026-07-15T23:00:00.000Z');
    // Either side of the changes (29 March and 25 October 2026, 01:00 UTC).
    expect(ukInstant('2026-03-29T00:30')?.toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(ukInstant('2026-03-29T02:30')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(ukInstant('2026-10-25T03:00')?.toISOString()).toBe('2026-10-25T03:00:00.000Z');
    expect(ukInstant('2026-10-24T12:00')?.toISOString()).toBe('2026-10-24T11:00:00.000Z');
    expect(ukInstant('2026-07-16T00:30:15')?.toISOString()).toBe('2026-07-15T23:30:15.000Z');
    expect(ukInstant('22/11/2026')).toBeUndefined();
    expect(ukInstant('2026-02-30')).toBeUndefined();
  });

  it('round-trips every hour of a year, and every quarter hour of the days the clocks change', () => {
    const wrong: string[] = [];
    const hours = Array.from({ length: 365 * 24 }, (_, i) => Date.UTC(2026, 0, 1) + i * 3_600_000);
    const quarters = [Date.UTC(2026, 2, 29), Date.UTC(2026, 9, 25)].flatMap((day) =>
      Array.from({ length: 96 }, (_, i) => day + i * 15 * 60_000),
    );
    for (const t of [...hours, ...quarters]) {
      const shown = ukDateTimeInput(new Date(t));
      const back = ukInstant(shown)?.getTime();
      // 01:00-02:00 UK on the October change names two instants; the later reading is kept.
      const named = back === t || back === t + 3_600_000;
      if (!named || ukDateTimeInput(new Date(back)) !== shown) wrong.push(new Date(t).toISOString());
    }
    expect(wrong).toEqual([]);
  }, 30_000);
});
