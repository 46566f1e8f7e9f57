import { TOO_MANY_ATTEMPTS } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import { type RowOf, selectRows } from '../../db/rows.js';
import type { rateLimitCounters } from '../../db/schema.js';
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

/**
 * Counts one hit on `key` in the database (so every API process shares the count) and answers how
 * many hits the current window holds and how many seconds remain of it.
 */
async function countHit(db: Db, key: string, windowSeconds: number) {
  const [row] = await selectRows<Pick<RowOf<typeof rateLimitCounters>, 'count'> & { retry_after: number }>(
    db,
    sql`insert into rate_limit_counters as c (key, window_start, count) values (${key}, now(), 1)
        on conflict (key) do update set
          count = case when c.window_start <= now() - make_interval(secs => ${windowSeconds}::int) then 1
                       else c.count + 1 end,
          window_start = case when c.window_start <= now() - make_interval(secs => ${windowSeconds}::int)
                              then now() else c.window_start end
        returning count,
          extract(epoch from (window_start + make_interval(secs => ${windowSeconds}::int) - now()))::float8
            as retry_after`,
  );
  // Old counters are useless; dropping them now and then keeps the table small without a job.
  if (Math.random() < 0.01) {
    await db.execute(sql`delete from rate_limit_counters where window_start < now() - interval '1 day'`);
  }
  return { count: Number(row!.count), retryAfter: Math.max(1, Math.ceil(Number(row!.retry_after))) };
}

/** Counts a hit on each key and throws a 429 problem (with Retry-After) when any is over its limit. */
export async function enforceRateLimits(
  db: Db,
  reply: FastifyReply,
  limits: { key: string; limit: number }[],
): Promise<void> {
  let retryAfter = 0;
  for (const { key, limit } of limits) {
    const hit = await countHit(db, key, RATE_LIMITS.windowSeconds);
    if (hit.count > limit) retryAfter = Math.max(retryAfter, hit.retryAfter);
  }
  if (retryAfter > 0) {
    reply.header('retry-after', String(retryAfter));
    throw new ProblemError(429, 'Too Many Requests', TOO_MANY_ATTEMPTS);
  }
}
