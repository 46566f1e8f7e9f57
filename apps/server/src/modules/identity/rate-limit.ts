import { TOO_MANY_ATTEMPTS } from '@client-portal/contract';
import type { FastifyReply } from 'fastify';
import { type Expression, sql } from 'kysely';
import type { Queries } from '../../db/kysely.js';
import { ProblemError } from '../../plugins/problem.js';

/**
 * Limits per fixed one-minute window (the sign-in limit per address is the SIGN_IN_LIMIT_PER_ADDRESS
 * setting). Far above what a person or the test suites do, low enough to
 * stop password spraying; the account limit sits on top of the 5-failure lock-out.
 */
export const RATE_LIMITS = {
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
  /** Adds `hits` to the key's count in the current window (a new window starts at `hits`). */
  countHits: (db: Queries, key: string, windowSeconds: number, hits: number) =>
    db
      .insertInto('rate_limit_counters')
      .values({ key, window_start: sql<Date>`now()`, count: hits })
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
              .then(hits)
              .else(eb('rate_limit_counters.count', '+', hits))
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
 * Counts `hits` on `key` in the database (so every API process shares the count) and answers how
 * many hits the current window holds and how many seconds remain of it.
 */
async function countHits(db: Queries, key: string, windowSeconds: number, hits = 1) {
  const row = await rateLimitQueries.countHits(db, key, windowSeconds, hits).executeTakeFirstOrThrow();
  // Old counters are useless; dropping them now and then keeps the table small without a job.
  if (Math.random() < 0.01) {
    await rateLimitQueries.dropOldCounters(db).execute();
  }
  const secondsLeft = Number(row.retry_after);
  return { count: Number(row.count), secondsLeft, retryAfter: Math.max(1, Math.ceil(secondsLeft)) };
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
    const hit = await countHits(db, key, RATE_LIMITS.windowSeconds);
    if (hit.count > limit) retryAfter = Math.max(retryAfter, hit.retryAfter);
  }
  if (retryAfter > 0) tooManyRequests(reply, retryAfter, detail);
}

function tooManyRequests(reply: FastifyReply, retryAfter: number, detail: string): never {
  reply.header('retry-after', String(retryAfter));
  throw new ProblemError(429, 'Too Many Requests', detail);
}

/** The most hits a process claims at once: 2% of the window's limit, from 1 to 20. */
export const leaseSize = (limit: number) => Math.min(20, Math.max(1, Math.floor(limit / 50)));

/** A process's share of one key's window: hits claimed from the shared count, and how many are used. */
interface Lease {
  claimed: number;
  used: number;
  /** The window's end on this process's clock (ms). */
  endsAt: number;
  /** The claim got less than it asked: the shared count is spent until the window ends. */
  spent: boolean;
}

/** Keys whose leases a process keeps before it starts again (each lease is a few numbers). */
const LEASES_MAX = 10_000;

/**
 * A rate limit shared by every process through the database, without a write per request
 * (decision 43): a process claims up to `leaseSize(limit)` hits of the key's window in one statement
 * and spends them locally. Claims never add up to more than the limit, so every process together
 * admits at most `limit` hits a window; a process's unspent claim (at most `leaseSize`) is what the
 * others may lose near the limit. Once a claim comes back short, the window is spent everywhere
 * and this process answers 429 without asking again until it ends.
 */
export class RateLimitLeases {
  private readonly leases = new Map<string, Lease>();
  private readonly claims = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Queries,
    private readonly now: () => number = Date.now,
  ) {}

  /** Spends one hit of `key`'s window, or throws 429 with Retry-After (and `detail`) when it is spent. */
  async enforce(reply: FastifyReply, key: string, limit: number, detail: string): Promise<void> {
    const retryAfter = await this.take(key, limit);
    if (retryAfter > 0) tooManyRequests(reply, retryAfter, detail);
  }

  /** Spends one hit of `key`'s window (0), or answers the seconds until the spent window ends. */
  async take(key: string, limit: number): Promise<number> {
    for (;;) {
      const lease = this.leases.get(key);
      const now = this.now();
      if (lease && lease.endsAt > now) {
        if (lease.used < lease.claimed) {
          lease.used++;
          return 0;
        }
        if (lease.spent) return Math.max(1, Math.ceil((lease.endsAt - now) / 1000));
      }
      const pending = this.claims.get(key) ?? this.claim(key, limit);
      await pending;
      const claimed = this.leases.get(key);
      // Another request of this process may have taken the last hit of the claim: claim again.
      if (claimed && claimed.used < claimed.claimed) {
        claimed.used++;
        return 0;
      }
    }
  }

  private claim(key: string, limit: number): Promise<void> {
    const asked = leaseSize(limit);
    const claim = countHits(this.db, key, RATE_LIMITS.windowSeconds, asked)
      .then(({ count, secondsLeft }) => {
        const granted = Math.max(0, Math.min(asked, limit - (count - asked)));
        if (this.leases.size >= LEASES_MAX) this.leases.clear();
        this.leases.set(key, {
          claimed: granted,
          used: 0,
          endsAt: this.now() + secondsLeft * 1000,
          spent: granted < asked,
        });
      })
      .finally(() => this.claims.delete(key));
    this.claims.set(key, claim);
    return claim;
  }
}
