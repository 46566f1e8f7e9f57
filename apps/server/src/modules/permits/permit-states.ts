import { EXPIRING_SOON_DAYS, type PermitState } from '@client-portal/contract';
import { type SQL, sql } from 'drizzle-orm';

const DAY_MS = 86_400_000;

/** A permit's place in time: the list states, plus history for expired ones too old to list. */
export type PermitTimeState = 'upcoming' | 'expiringSoon' | 'current' | 'expired' | 'history';

export interface PermitPeriod {
  started: Date;
  ended: Date;
}

/**
 * The most specific state of a permit at `now` (PRODUCT.md section 5): upcoming (starts later),
 * expiringSoon (current and ending within 7 days), current, expired (ended within the last
 * `expiredDays` days) or history. The SQL conditions below say exactly the same.
 */
export function permitStateAt(permit: PermitPeriod, now: Date, expiredDays: number): PermitTimeState {
  const t = now.getTime();
  const started = permit.started.getTime();
  const ended = permit.ended.getTime();
  if (started > t) return 'upcoming';
  if (ended > t) return ended <= t + EXPIRING_SOON_DAYS * DAY_MS ? 'expiringSoon' : 'current';
  return ended > t - expiredDays * DAY_MS ? 'expired' : 'history';
}

/** Does the permit belong to the list state (current includes expiringSoon; no state = any listed)? */
export function permitInState(
  permit: PermitPeriod,
  state: PermitState | undefined,
  now: Date,
  expiredDays: number,
): boolean {
  const at = permitStateAt(permit, now, expiredDays);
  if (state === undefined) return at !== 'history';
  if (state === 'current') return at === 'current' || at === 'expiringSoon';
  return at === state;
}

/**
 * SQL condition for a list state on the permits alias `p`, at `now`. No state means every listed
 * permit: current, upcoming and recently expired (older ones are history and never listed).
 */
export function permitStateCondition(state: PermitState | undefined, now: Date, expiredDays: number): SQL {
  const at = now.toISOString();
  const soon = new Date(now.getTime() + EXPIRING_SOON_DAYS * DAY_MS).toISOString();
  const expiredSince = new Date(now.getTime() - expiredDays * DAY_MS).toISOString();
  switch (state) {
    case 'upcoming':
      return sql`p.started > ${at}::timestamptz`;
    case 'current':
      return sql`(p.started <= ${at}::timestamptz and p.ended > ${at}::timestamptz)`;
    case 'expiringSoon':
      return sql`(p.started <= ${at}::timestamptz and p.ended > ${at}::timestamptz
                  and p.ended <= ${soon}::timestamptz)`;
    case 'expired':
      return sql`(p.ended <= ${at}::timestamptz and p.ended > ${expiredSince}::timestamptz)`;
    case undefined:
      return sql`p.ended > ${expiredSince}::timestamptz`;
  }
}
