import { PERMIT_HISTORY_MAX, type PermitEvent } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { selectRows } from '../../../db/rows.js';
import { permitEvents } from '../../../db/schema.js';
import { type PermitEventRow, presentPermitEvent } from '../permit-presenter.js';

/** Who changed a permit: kept by id and by e-mail at the time. */
interface PermitEventActor {
  userId: string;
  email: string;
}

/** One edited or expired field of a permit, with its value before and after. */
export interface PermitFieldChange {
  permitId: number;
  kind: 'edited' | 'expired';
  field: string;
  from: string | null;
  to: string | null;
}

const idArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/**
 * The 'added' row of each of these permits, in one statement whatever their number (a 5,000-row
 * bulk add writes its history set-based), stamped with the permit's own created_at.
 */
export async function recordPermitsAdded(
  db: Db,
  permitIds: readonly number[],
  actor: PermitEventActor,
): Promise<void> {
  if (permitIds.length === 0) return;
  await db.execute(
    sql`insert into permit_events (permit_id, kind, user_id, user_email, at)
        select id, 'added', ${actor.userId}::uuid, ${actor.email}, created_at from permits
        where id = any(${idArray(permitIds)}::int[]) order by id`,
  );
}

/** One row per changed field, all stamped `at`. */
export async function recordPermitChanges(
  db: Db,
  changes: readonly PermitFieldChange[],
  actor: PermitEventActor,
  at: Date,
): Promise<void> {
  if (changes.length === 0) return;
  await db.insert(permitEvents).values(
    changes.map((c) => ({
      permitId: c.permitId,
      kind: c.kind,
      field: c.field,
      fromValue: c.from,
      toValue: c.to,
      userId: actor.userId,
      userEmail: actor.email,
      at,
    })),
  );
}

/** A permit's history, oldest first: at most PERMIT_HISTORY_MAX rows, and how many there are. */
export async function readPermitHistory(
  db: Db,
  permitId: number,
): Promise<{ events: PermitEvent[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    selectRows<PermitEventRow>(
      db,
      sql`select kind, field, from_value, to_value, user_email, at from permit_events
          where permit_id = ${permitId} order by at, id limit ${PERMIT_HISTORY_MAX}`,
    ),
    selectRows<{ n: number | string }>(
      db,
      sql`select count(*)::int as n from permit_events where permit_id = ${permitId}`,
    ),
  ]);
  return {
    events: rows.map(presentPermitEvent),
    total: Number(count?.n ?? 0),
  };
}
