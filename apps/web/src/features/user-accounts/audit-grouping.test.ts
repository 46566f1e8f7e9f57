import { describe, expect, it } from 'vitest';
import { groupAuditByDay } from './audit-grouping';

describe('audit grouping', () => {
  it('puts the newest first, one group per UK day, with UK hours and minutes', () => {
    const days = groupAuditByDay([
      { timestamp: '2025-03-01T09:05:00.000Z', description: 'Created' },
      { timestamp: '2025-03-02T14:30:00.000Z', description: 'Roles added: Site Clerk' },
      { timestamp: '2025-03-02T08:00:00.000Z', description: 'Signed in' },
    ]);
    expect(days).toEqual([
      {
        day: '02/03/2025',
        heading: 'Sunday 2 March 2025',
        entries: [
          { time: '14:30', description: 'Roles added: Site Clerk', timestamp: '2025-03-02T14:30:00.000Z' },
          { time: '08:00', description: 'Signed in', timestamp: '2025-03-02T08:00:00.000Z' },
        ],
      },
      {
        day: '01/03/2025',
        heading: 'Saturday 1 March 2025',
        entries: [{ time: '09:05', description: 'Created', timestamp: '2025-03-01T09:05:00.000Z' }],
      },
    ]);
  });

  it('reads summer instants in British Summer Time: 23:30 UTC on 1 July is 00:30 on 2 July', () => {
    const [day] = groupAuditByDay([{ timestamp: '2025-07-01T23:30:00.000Z', description: 'Signed in' }]);
    expect(day).toMatchObject({ day: '02/07/2025', heading: 'Wednesday 2 July 2025' });
    expect(day?.entries[0]?.time).toBe('00:30');
  });
});
