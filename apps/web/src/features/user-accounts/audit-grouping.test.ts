import { describe, expect, it } from 'vitest';
import { groupAuditByDay } from './audit-grouping';

describe('audit grouping', () => {
  it('puts the newest first, one group per day, with hours and minutes', () => {
    const days = groupAuditByDay([
      { timestamp: '2025-03-01T09:05:00', description: 'Created' },
      { timestamp: '2025-03-02T14:30:00', description: 'Roles added: Site Clerk' },
      { timestamp: '2025-03-02T08:00:00', description: 'Signed in' },
    ]);
    expect(days).toEqual([
      {
        day: '2025-03-02',
        entries: [
          { time: '14:30', description: 'Roles added: Site Clerk', timestamp: '2025-03-02T14:30:00' },
          { time: '08:00', description: 'Signed in', timestamp: '2025-03-02T08:00:00' },
        ],
      },
      {
        day: '2025-03-01',
        entries: [{ time: '09:05', description: 'Created', timestamp: '2025-03-01T09:05:00' }],
      },
    ]);
  });
});
