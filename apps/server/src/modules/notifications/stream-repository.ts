import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type RowOf, selectRows } from '../../db/rows.js';
import type { users } from '../../db/schema.js';
import { type ReceivedRow, receivedColumns, visibleNow } from './notifications-repository.js';

export interface StreamEventRow extends ReceivedRow {
  user_id: string;
  event_seq: string;
  withdrawn: boolean;
}

/**
 * The events numbered in (after, upTo] for these users, oldest first, at most `limit`: notifications
 * published and shown now, or withdrawn. Served by the event_seq index, then each notification's
 * recipient rows by their primary key.
 */
export async function streamEvents(
  db: Db,
  range: { after: number; upTo: number; userIds: readonly string[]; limit: number },
): Promise<StreamEventRow[]> {
  if (range.userIds.length === 0 || range.upTo <= range.after) return [];
  const users = sql.join(
    range.userIds.map((u) => sql`${u}::uuid`),
    sql`, `,
  );
  return selectRows<StreamEventRow>(
    db,
    sql`select ${receivedColumns}, r.user_id::text as user_id, n.event_seq::text as event_seq,
               n.withdrawn_at is not null as withdrawn
        from notifications n join notification_recipients r on r.notification_id = n.id
        where n.event_seq > ${range.after} and n.event_seq <= ${range.upTo} and r.user_id in (${users})
          and (n.withdrawn_at is not null or ${visibleNow})
        order by n.event_seq limit ${range.limit}`,
  );
}

/** The number of the latest event handed out (0 before the first). */
export async function latestEventSeq(db: Db): Promise<number> {
  const [row] = await selectRows<{ seq: string | null }>(
    db,
    sql`select max(event_seq)::text as seq from notifications where event_seq is not null`,
  );
  return Number(row?.seq ?? 0);
}

/** The session, its user and the user's security stamp, for the streams held: which may go on. */
export async function sessionStates(db: Db, sessionIds: readonly string[]) {
  if (sessionIds.length === 0) return [];
  return selectRows<Pick<RowOf<typeof users>, 'security_stamp'> & { session_id: string; live: boolean }>(
    db,
    sql`select s.id::text as session_id, s.revoked_at is null and u.removed_at is null as live, u.security_stamp
        from sessions s join users u on u.id = s.user_id
        where s.id in (${sql.join(
          sessionIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
}
