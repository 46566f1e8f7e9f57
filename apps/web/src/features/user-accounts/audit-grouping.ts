import type { UserAuditEntry } from '@client-portal/contract';
import dayjs from 'dayjs';

export interface AuditDay {
  /** YYYY-MM-DD in local time. */
  day: string;
  entries: { time: string; description: string; timestamp: string }[];
}

/** Newest first, grouped by local calendar day, each entry with its hours and minutes. */
export function groupAuditByDay(entries: readonly UserAuditEntry[]): AuditDay[] {
  const sorted = [...entries].sort((a, b) => dayjs(b.timestamp).valueOf() - dayjs(a.timestamp).valueOf());
  const days: AuditDay[] = [];
  for (const entry of sorted) {
    const at = dayjs(entry.timestamp);
    const day = at.format('YYYY-MM-DD');
    let group = days.at(-1);
    if (group?.day !== day) {
      group = { day, entries: [] };
      days.push(group);
    }
    group.entries.push({
      time: at.format('HH:mm'),
      description: entry.description,
      timestamp: entry.timestamp,
    });
  }
  return days;
}
