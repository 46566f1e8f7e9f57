import { TOO_MANY_ATTEMPTS } from '@client-portal/contract';
import type { FastifyReply } from 'fastify';
import { type Expression, sql } from 'kysely';
import type { Queries } from '../../db/kysely.js';
import { ProblemError } from '../../plugins/problem.js';

/**
 * Limits per fixed one-minute window. Far above what a person or the test suites do, low enough to
 * stop password spraying; the account limit sits on top of the 5-failure lock-out.
 */
export const RATE_LIMITS = {
  signInPerAddress: 100,
  signInPerAccount: 20,
  resetLinkPerAddress: 20,
  resetLinkPerAccount: 5,
  windowSeconds: 60,
} as const;

/** The end of the current window, `seconds` after `windowStart`. */
const windowEnd = (windowStart: Expression<Date | string>, seconds: number) =>
  sql<Date>`${windowStart} + make_interval(secs => ${seconds}::int)`;

/** The statements of this file, built but not run: what rate-limit.sql shows. */
export const rateLimitQueries = {
  countHit: (db: Queries, key: string, windowSeconds: number) =>
    db
      .insertInto('rate_limit_counters')
      .values({ key, window_start: sql<Date>`now()`, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => {
          const expired = eb(
            'rate_limit_counters.window_start',
            '<=',
            sql<Date>`now() - make_interval(secs => ${windowSeconds}::int)`,
          );
          return {
            count: eb
              .case()
              .when(expired)
              .then(1)
              .else(eb('rate_limit_counters.count', '+', 1))
              .end(),
            window_start: eb
              .case()
              .when(expired)
              .then(sql<Date>`now()`)
              .else(eb.ref('rate_limit_counters.window_start'))
              .end(),
          };
        }),
      )
      .returning((eb) => [
        'count',
        sql<number>`extract(epoch from (${windowEnd(eb.ref('window_start'), windowSeconds)} - now()))::float8`.as(
          'retry_after',
        ),
      ]),

  dropOldCounters: (db: Queries) =>
    db.deleteFrom('rate_limit_counters').where('window_start', '<', sql<Date>`now() - interval '1 day'`),
};

/**
 * Counts one hit on `key` in the database (so every API process shares the count) and answers how
 * many hits the current window holds and how many seconds remain of it.
 */
async function countHit(db: Queries, key: string, windowSeconds: number) {
  const row = await rateLimitQueries.countHit(db, key, windowSeconds).executeTakeFirstOrThrow();
  // Old counters are useless; dropping them now and then keeps the table small without a job.
  if (Math.random() < 0.01) {
    await rateLimitQueries.dropOldCounters(db).execute();
  }
  return { count: Number(row.count), retryAfter: Math.max(1, Math.ceil(Number(row.retry_after))) };
}

/**
 * Counts a hit on each key and throws a 429 problem (with Retry-After) when any is over its limit;
 * its detail is the sign-in result the spec's client reads unless another is given.
 */
export async function enforceRateLimits(
  db: Queries,
  reply: FastifyReply,
  limits: { key: string; limit: number }[],
  detail: string = TOO_MANY_ATTEMPTS,
): Promise<void> {
  let retryAfter = 0;
  for (const { key, limit } of limits) {
    const hit = await countHit(db, key, RATE_LIMITS.windowSeconds);
    if (hit.count > limit) retryAfter = Math.max(retryAfter, hit.retryAfter);
  }
  if (retryAfter > 0) {
    reply.header('retry-after', String(retryAfter));
    throw new ProblemError(429, 'Too Many Requests', detail);
  }
}
