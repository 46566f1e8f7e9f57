import { describe, expect, it } from 'vitest';
import { monthStartOf } from './tickets-service.js';

describe('ticket allowance months', () => {
  it('begin at midnight UK time: in summer that is 23:00 UTC the evening before', () => {
    // 00:30 on 1 August in the UK is still 31 July in UTC; it counts in August.
    expect(monthStartOf(new Date('2026-07-31T23:30:00Z')).toISOString()).toBe('2026-07-31T23:00:00.000Z');
    expect(monthStartOf(new Date('2026-08-15T12:00:00Z')).toISOString()).toBe('2026-07-31T23:00:00.000Z');
  });

  it('begin at 00:00 UTC in winter, when the UK is on UTC', () => {
    expect(monthStartOf(new Date('2026-11-22T17:53:00Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(monthStartOf(new Date('2026-12-01T00:00:00Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });
});
