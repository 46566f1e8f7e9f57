import { USER_AUDIT_MAX_ENTRIES } from '@client-portal/contract';
import { isoTextOf, type Queries } from '../../db/kysely.js';

export interface AuditEntry {
  /** The account the event is about. */
  subject: { userId: string | null; email: string | null };
  /** Who did it: null for the system or an anonymous caller. */
  actor?: { userId: string; email: string } | null;
  type: string;
  description: string;
  details?: Record<string, unknown>;
}

/** The statements of this repository, built but not run: what audit-repository.sql shows. */
export const auditQueries = {
  record: (db: Queries, entry: AuditEntry) =>
    db.insertInto('audit_events').values({
      subject_user_id: entry.subject.userId,
      subject_email: entry.subject.email,
      actor_user_id: entry.actor?.userId ?? null,
      actor_email: entry.actor?.email ?? null,
      type: entry.type,
      description: entry.description,
      details: entry.details ? JSON.stringify(entry.details) : null,
    }),

  forUser: (db: Queries, userId: string) =>
    db
      .selectFrom('audit_events')
      .select((eb) => [isoTextOf(eb.ref('occurred_at')).as('timestamp'), 'description', 'type'])
      .where('subject_user_id', '=', userId)
      .orderBy('occurred_at', 'desc')
      .orderBy('id', 'desc')
      .limit(USER_AUDIT_MAX_ENTRIES),

  /** The latest events this user caused (the dashboard's recent actions), newest first. */
  byActor: (db: Queries, userId: string, limit: number) =>
    db
      .selectFrom('audit_events')
      .select((eb) => [isoTextOf(eb.ref('occurred_at')).as('timestamp'), 'description'])
      .where('actor_user_id', '=', userId)
      .orderBy('occurred_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit),
};

/**
 * Records one audit event; pass the transaction when the change it describes runs in one (a Kysely
 * transaction, or a drizzle one while permits are not converted).
 */
export async function recordAudit(queries: Queries, entry: AuditEntry): Promise<void> {
  await auditQueries.record(queries, entry).execute();
}

export async function listAuditForUser(queries: Queries, userId: string) {
  return auditQueries.forUser(queries, userId).execute();
}

/** What this user did lately, newest first (at most `limit` entries). */
export async function listRecentActionsOf(queries: Queries, userId: string, limit: number) {
  return auditQueries.byActor(queries, userId, limit).execute();
}
