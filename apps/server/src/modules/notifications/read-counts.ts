import type { SentReadCount } from '@client-portal/contract';
import type { Queries } from '../../db/kysely.js';

/**
 * The channel every process LISTENs on for read-state changes of sent notifications: the payload is
 * their ids, comma-separated, so that each process tells the senders' open streams the new counts.
 */
export const NOTIFICATION_READS_CHANNEL = 'notification_reads';

/** `pg_notify(channel, payload)`: delivered on commit inside a transaction, at once otherwise. */
export const notifyStatement = (db: Queries, channel: string, payload: string) =>
  db.selectNoFrom((eb) => eb.fn<void>('pg_notify', [eb.val(channel), eb.val(payload)]).as('notified'));

/** Ids per NOTIFY: well under PostgreSQL's 8,000-byte payload limit (18 digits and a comma each). */
const IDS_PER_NOTIFY = 300;

/**
 * Tells every process that these notifications' read counts changed (only sent ones, those a sender
 * sees on the send page). Delivered on commit when `db` is a transaction, at once otherwise.
 */
export async function announceReads(db: Queries, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += IDS_PER_NOTIFY)
    await notifyStatement(
      db,
      NOTIFICATION_READS_CHANNEL,
      unique.slice(i, i + IDS_PER_NOTIFY).join(','),
    ).execute();
}

/** The ids a NOTIFY on the reads channel named (anything not an id is ignored). */
export const readIdsOf = (payload: string): string[] =>
  payload.split(',').filter((id) => /^\d{1,18}$/.test(id));

interface SentReadRow extends SentReadCount {
  senderUserId: string | null;
}

/** Reach and read counts of these sent notifications, with who sent each (the send page's columns). */
export const sentReadCountsQuery = (db: Queries, ids: readonly string[]) =>
  db
    .selectFrom('notifications as n')
    .leftJoin('notification_recipients as r', 'r.notification_id', 'n.id')
    .select((eb) => [
      eb.cast<string>('n.id', 'text').as('id'),
      'n.sender_user_id as sender',
      eb.fn.count('r.user_id').as('recipients'),
      eb.fn.count('r.read_at').as('read'),
    ])
    .where((eb) => eb('n.id', '=', eb.fn.any(eb.val([...ids]))))
    .where('n.category', '=', 'Announcement')
    .groupBy('n.id');

export async function sentReadCounts(db: Queries, ids: readonly string[]): Promise<SentReadRow[]> {
  if (ids.length === 0) return [];
  const rows = await sentReadCountsQuery(db, ids).execute();
  return rows.map((r) => ({
    id: r.id,
    senderUserId: r.sender,
    recipients: Number(r.recipients),
    read: Number(r.read),
  }));
}
