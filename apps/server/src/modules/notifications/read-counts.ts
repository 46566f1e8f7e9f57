import type { SentReadCount } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectRows } from '../../db/rows.js';

/**
 * The channel every process LISTENs on for read-state changes of sent notifications: the payload is
 * their ids, comma-separated, so that each process tells the senders' open streams the new counts.
 */
export const NOTIFICATION_READS_CHANNEL = 'notification_reads';

/** Ids per NOTIFY: well under PostgreSQL's 8,000-byte payload limit (18 digits and a comma each). */
const IDS_PER_NOTIFY = 300;

/**
 * Tells every process that these notifications' read counts changed (only sent ones, those a sender
 * sees on the send page). Delivered on commit when `db` is a transaction, at once otherwise.
 */
export async function announceReads(db: Db, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += IDS_PER_NOTIFY)
    await db.execute(
      sql`select pg_notify(${NOTIFICATION_READS_CHANNEL}, ${unique.slice(i, i + IDS_PER_NOTIFY).join(',')})`,
    );
}

/** The ids a NOTIFY on the reads channel named (anything not an id is ignored). */
export const readIdsOf = (payload: string): string[] =>
  payload.split(',').filter((id) => /^\d{1,18}$/.test(id));

interface SentReadRow extends SentReadCount {
  senderUserId: string | null;
}

/** Reach and read counts of these sent notifications, with who sent each (the send page's columns). */
export async function sentReadCounts(db: Db, ids: readonly string[]): Promise<SentReadRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectRows<{ id: string; sender: string | null; recipients: number; read: number }>(
    db,
    sql`select n.id::text as id, n.sender_user_id::text as sender,
               count(r.user_id)::int as recipients, count(r.read_at)::int as read
        from notifications n left join notification_recipients r on r.notification_id = n.id
        where n.id in (${sql.join(
          ids.map((id) => sql`${id}::bigint`),
          sql`, `,
        )}) and n.category = 'Announcement'
        group by n.id`,
  );
  return rows.map((r) => ({ id: r.id, senderUserId: r.sender, recipients: r.recipients, read: r.read }));
}
