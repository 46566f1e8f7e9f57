import { PERMIT_HISTORY_MAX, type PermitEvent } from '@client-portal/contract';
import { sql } from 'kysely';
import type { Queries } from '../../../db/kysely.js';
import { presentPermitEvent } from '../permit-presenter.js';

/** Who changed a permit: kept by id and by email at the time, and the API key it came through, if any. */
export interface PermitEventActor {
  /** Null for a visitor who registered their own car (the email then names the visitor link). */
  userId: string | null;
  email: string;
  apiKeyId?: string | null;
}

/** One edited, expired or cancelled field of a permit, with its value before and after. */
export interface PermitFieldChange {
  permitId: number;
  kind: 'edited' | 'expired' | 'cancelled';
  field: string;
  from: string | null;
  to: string | null;
}

/** The statements of this repository, built but not run: what permit-events-repository.sql shows. */
export const permitEventQueries = {
  /**
   * The 'added' row of each of these permits, in one statement whatever their number (a 5,000-row
   * bulk add writes its history set-based), stamped with the permit's own created_at.
   */
  added: (queries: Queries, permitIds: readonly number[], actor: PermitEventActor) =>
    queries
      .insertInto('permit_events')
      .columns(['permit_id', 'kind', 'user_id', 'user_email', 'api_key_id', 'at'])
      .expression((eb) =>
        eb
          .selectFrom('permits')
          .select([
            'id',
            sql.lit('added').as('kind'),
            sql<string | null>`${actor.userId}::uuid`.as('user_id'),
            sql<string>`${actor.email}`.as('user_email'),
            sql<string | null>`${actor.apiKeyId ?? null}::uuid`.as('api_key_id'),
            'created_at',
          ])
          .where('id', '=', sql<number>`any(${[...permitIds]}::int[])`)
          .orderBy('id'),
      ),
  history: (queries: Queries, permitId: number) =>
    queries
      .selectFrom('permit_events as e')
      .leftJoin('api_keys as k', 'k.id', 'e.api_key_id')
      .select([
        'e.kind',
        'e.field',
        'e.from_value',
        'e.to_value',
        'e.user_email',
        'k.name as api_key_name',
        'e.at',
      ])
      .where('e.permit_id', '=', permitId)
      .orderBy('e.at')
      .orderBy('e.id')
      .limit(PERMIT_HISTORY_MAX),
  count: (queries: Queries, permitId: number) =>
    queries
      .selectFrom('permit_events')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('permit_id', '=', permitId),
};

/** The 'added' row of each of these permits (permitEventQueries.added). */
export async function recordPermitsAdded(
  queries: Queries,
  permitIds: readonly number[],
  actor: PermitEventActor,
): Promise<void> {
  if (permitIds.length === 0) return;
  await permitEventQueries.added(queries, permitIds, actor).execute();
}

/** One row per changed field, all stamped `at`. */
export async function recordPermitChanges(
  queries: Queries,
  changes: readonly PermitFieldChange[],
  actor: PermitEventActor,
  at: Date,
): Promise<void> {
  if (changes.length === 0) return;
  await queries
    .insertInto('permit_events')
    .values(
      changes.map((c) => ({
        permit_id: c.permitId,
        kind: c.kind,
        field: c.field,
        from_value: c.from,
        to_value: c.to,
        user_id: actor.userId,
        user_email: actor.email,
        api_key_id: actor.apiKeyId ?? null,
        at,
      })),
    )
    .execute();
}

/** A permit's history, oldest first: at most PERMIT_HISTORY_MAX rows, and how many there are. */
export async function readPermitHistory(
  queries: Queries,
  permitId: number,
): Promise<{ events: PermitEvent[]; total: number }> {
  const [rows, count] = await Promise.all([
    permitEventQueries.history(queries, permitId).execute(),
    permitEventQueries.count(queries, permitId).executeTakeFirst(),
  ]);
  return { events: rows.map(presentPermitEvent), total: Number(count?.n ?? 0) };
}
