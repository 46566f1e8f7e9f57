import { USER_AUDIT_MAX_ENTRIES } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isoText, type RowOf, selectRows } from '../../db/rows.js';
import type { auditEvents } from '../../db/schema.js';

export interface AuditEntry {
  /** The account the event is about. */
  subject: { userId: string | null; email: string | null };
  /** Who did it: null for the system or an anonymous caller. */
  actor?: { userId: string; email: string } | null;
  type: string;
  description: string;
  details?: Record<string, unknown>;
}

/** Records one audit event; pass the transaction when the change it describes runs in one. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.execute(
    sql`insert into audit_events (subject_user_id, subject_email, actor_user_id, actor_email, type, description, details)
        values (${entry.subject.userId}, ${entry.subject.email}, ${entry.actor?.userId ?? null},
                ${entry.actor?.email ?? null}, ${entry.type}, ${entry.description},
                ${entry.details ? JSON.stringify(entry.details) : null}::jsonb)`,
  );
}

export async function listAuditForUser(db: Db, userId: string) {
  return selectRows<Pick<RowOf<typeof auditEvents>, 'description' | 'type'> & { timestamp: string }>(
    db,
    sql`select ${isoText(sql`occurred_at`)} as timestamp,
               description, type
        from audit_events where subject_user_id = ${userId} order by occurred_at desc, id desc
        limit ${USER_AUDIT_MAX_ENTRIES}`,
  );
}
