import type { InferResult } from 'kysely';
import type { Queries } from '../../db/kysely.js';
import { notificationsQueries, visibleNow } from './notifications-repository.js';

/** The statements of this repository, built but not run: what stream-repository.sql shows. */
export const streamQueries = {
  events: (db: Queries, range: { after: number; upTo: number; userIds: readonly string[]; limit: number }) =>
    notificationsQueries
      .received(db)
      .select((eb) => [
        'r.user_id',
        eb.cast<string>('n.event_seq', 'text').as('event_seq'),
        eb('n.withdrawn_at', 'is not', null).as('withdrawn'),
      ])
      .where('n.event_seq', '>', range.after)
      .where('n.event_seq', '<=', range.upTo)
      .where((eb) => eb('r.user_id', '=', eb.fn.any(eb.val([...range.userIds]))))
      .where((eb) => eb.or([eb('n.withdrawn_at', 'is not', null), visibleNow]))
      .orderBy('n.event_seq')
      .limit(range.limit),

  latestEventSeq: (db: Queries) =>
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.max('event_seq').as('seq'))
      .where('event_seq', 'is not', null),

  sessionStates: (db: Queries, sessionIds: readonly string[]) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select((eb) => [
        's.id as session_id',
        eb.and([eb('s.revoked_at', 'is', null), eb('u.removed_at', 'is', null)]).as('live'),
        'u.security_stamp',
      ])
      .where((eb) => eb('s.id', '=', eb.fn.any(eb.val([...sessionIds])))),
};

export type StreamEventRow = InferResult<ReturnType<typeof streamQueries.events>>[number];

/**
 * The events numbered in (after, upTo] for these users, oldest first, at most `limit`: notifications
 * published and shown now, or withdrawn. Served by the event_seq index, then each notification's
 * recipient rows by their primary key.
 */
export async function streamEvents(
  db: Queries,
  range: { after: number; upTo: number; userIds: readonly string[]; limit: number },
): Promise<StreamEventRow[]> {
  if (range.userIds.length === 0 || range.upTo <= range.after) return [];
  return streamQueries.events(db, range).execute();
}

/** The number of the latest event handed out (0 before the first). */
export async function latestEventSeq(db: Queries): Promise<number> {
  const row = await streamQueries.latestEventSeq(db).executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** The session, its user and the user's security stamp, for the streams held: which may go on. */
export async function sessionStates(db: Queries, sessionIds: readonly string[]) {
  if (sessionIds.length === 0) return [];
  return streamQueries.sessionStates(db, sessionIds).execute();
}
