/** When each time-driven part of the chrome applies, from the config entries (pure, so it is easy to test). */

export type OfflineStatus =
  | { kind: 'online' }
  | { kind: 'scheduled'; at: number }
  | { kind: 'offline'; since: number };

function parseTime(value: string | undefined): number | undefined {
  if (!value?.trim()) return undefined;
  const time = Date.parse(value);
  return Number.isFinite(time) ? time : undefined;
}

/** A future ApplicationOfflineDate announces maintenance; a past one means the portal is offline. */
export function offlineStatus(entries: Record<string, string>, now: number): OfflineStatus {
  const at = parseTime(entries.ApplicationOfflineDate);
  if (at === undefined) return { kind: 'online' };
  return at > now ? { kind: 'scheduled', at } : { kind: 'offline', since: at };
}

/** Snowflakes fall once WinterDecorationDate is set and reached. */
export function winterDecorationOn(entries: Record<string, string>, now: number): boolean {
  const from = parseTime(entries.WinterDecorationDate);
  return from !== undefined && from <= now;
}
