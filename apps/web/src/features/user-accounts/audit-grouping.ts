import { type UserAuditEntry, ukDate, ukLongDate, ukTime } from '@client-portal/contract';
import { currentLanguage } from '../../i18n';

interface AuditDay {
  /** The UK calendar day, dd/mm/yyyy. */
  day: string;
  /** The same day written out: 'Sunday 22 November 2026'. */
  heading: string;
  entries: { time: string; description: string; timestamp: string }[];
}

/** Newest first, grouped by UK calendar day (whatever the browser's zone), each entry with its UK time. */
export function groupAuditByDay(entries: readonly UserAuditEntry[]): AuditDay[] {
  const sorted = [...entries].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
  const days: AuditDay[] = [];
  for (const entry of sorted) {
    const day = ukDate(entry.timestamp);
    let group = days.at(-1);
    if (group?.day !== day) {
      group = { day, heading: ukLongDate(entry.timestamp, currentLanguage()), entries: [] };
      days.push(group);
    }
    group.entries.push({
      time: ukTime(entry.timestamp),
      description: entry.description,
      timestamp: entry.timestamp,
    });
  }
  return days;
}
