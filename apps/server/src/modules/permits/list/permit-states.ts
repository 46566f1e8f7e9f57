import { EXPIRING_SOON_DAYS, type PermitState } from '@client-portal/contract';
import { type SqlBool, sql } from 'kysely';
import type { Condition } from '../../access/index.js';

const DAY_MS = 86_400_000;

/**
 * SQL condition for a list state on the permits alias `p`, at `now`. No state means every listed
 * permit: current, upcoming, and recently expired or cancelled (older ones are history and never
 * listed). A cancelled permit ended when it was cancelled, before its start (issue 24): it is
 * never current, and `ended > now` keeps it out of upcoming.
 */
export function permitStateCondition(
  state: PermitState | undefined,
  now: Date,
  expiredDays: number,
): Condition {
  const at = now.toISOString();
  const soon = new Date(now.getTime() + EXPIRING_SOON_DAYS * DAY_MS).toISOString();
  const expiredSince = new Date(now.getTime() - expiredDays * DAY_MS).toISOString();
  switch (state) {
    case 'upcoming':
      return sql<SqlBool>`(p.started > ${at}::timestamptz and p.ended > ${at}::timestamptz)`;
    case 'current':
      return sql<SqlBool>`(p.started <= ${at}::timestamptz and p.ended > ${at}::timestamptz)`;
    case 'expiringSoon':
      return sql<SqlBool>`(p.started <= ${at}::timestamptz and p.ended > ${at}::timestamptz
                  and p.ended <= ${soon}::timestamptz)`;
    case 'expired':
      return sql<SqlBool>`(p.ended <= ${at}::timestamptz and p.ended > ${expiredSince}::timestamptz
                  and p.cancelled_at is null)`;
    case 'cancelled':
      return sql<SqlBool>`(p.cancelled_at is not null and p.ended > ${expiredSince}::timestamptz)`;
    case undefined:
      return sql<SqlBool>`p.ended > ${expiredSince}::timestamptz`;
  }
}
