import { describe, expect, it } from 'vitest';
import { nextSubscriptionPeriod, subscriptionPeriod } from './subscription-periods.js';

describe('report subscription periods', () => {
  it('a weekly period runs Monday to Sunday and is due at 06:00 UK time on the Monday after', () => {
    // 2026-11-18 is a Wednesday; 23 November 06:00 GMT is 06:00 UTC.
    const week = subscriptionPeriod('weekly', '2026-11-18');
    expect(week).toMatchObject({ from: '2026-11-16', to: '2026-11-22', sendDay: '2026-11-23' });
    expect(week.dueAt.toISOString()).toBe('2026-11-23T06:00:00.000Z');
    expect(subscriptionPeriod('weekly', '2026-11-16').from).toBe('2026-11-16');
    expect(subscriptionPeriod('weekly', '2026-11-22').from).toBe('2026-11-16');
  });

  it('a monthly period is the calendar month, due the 1st after (in British Summer Time an hour earlier in UTC)', () => {
    const february = subscriptionPeriod('monthly', '2028-02-10');
    expect(february).toMatchObject({ from: '2028-02-01', to: '2028-02-29', sendDay: '2028-03-01' });
    const june = subscriptionPeriod('monthly', '2026-06-30');
    expect(june).toMatchObject({ from: '2026-06-01', to: '2026-06-30', sendDay: '2026-07-01' });
    expect(june.dueAt.toISOString()).toBe('2026-07-01T05:00:00.000Z');
  });

  it('the next period starts the day after the last one ends', () => {
    expect(nextSubscriptionPeriod('monthly', '2026-12-31')).toMatchObject({
      from: '2027-01-01',
      to: '2027-01-31',
    });
    expect(nextSubscriptionPeriod('weekly', '2026-11-22')).toMatchObject({
      from: '2026-11-23',
      to: '2026-11-29',
    });
  });
});
