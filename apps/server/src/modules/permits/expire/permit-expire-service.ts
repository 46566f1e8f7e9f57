import type { Permit, PermitKey } from '@client-portal/contract';
import type { Queries } from '../../../db/kysely.js';
import { conflict } from '../../../plugins/problem.js';
import type { Principal } from '../../access/index.js';
import type { PermitCountCache } from '../list/permit-count-cache.js';
import { endPermitNow } from './end-permit-now.js';
import { endPermit } from './permit-expire-repository.js';

/**
 * Ends a running permit now (the product brief, section 5): one that has not started, or has already ended,
 * is a conflict. The permit's row is locked, so two expiries of the same permit cannot both succeed.
 */
export async function expirePermit(
  queries: Queries,
  principal: Principal,
  key: PermitKey,
  countCache: PermitCountCache,
  clock: () => Date = () => new Date(),
): Promise<Permit> {
  return endPermitNow(queries, principal, key, countCache, clock, {
    kind: 'expired',
    refuse: (permit, now) => {
      if (permit.cancelledAt) throw conflict('This permit was cancelled before it started.');
      if (Date.parse(permit.started) > now.getTime()) {
        throw conflict('This permit has not started yet, so it cannot be expired.');
      }
      if (Date.parse(permit.ended) <= now.getTime()) throw conflict('This permit has already ended.');
    },
    write: endPermit,
    audit: (permit) => ({
      type: 'PermitExpired',
      description: `Expired the ${permit.type} permit ${permit.permitId} for ${permit.vehicleRegistration} at ${permit.site_SiteGroupNumber}.`,
      details: { permitId: permit.permitId, type: permit.type, endedBefore: permit.ended },
    }),
  });
}
