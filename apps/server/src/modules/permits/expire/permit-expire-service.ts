import type { Permit, PermitKey } from '@client-portal/contract';
import type { Queries } from '../../../db/kysely.js';
import { conflict, notFound } from '../../../plugins/problem.js';
import type { Principal } from '../../access/index.js';
import { recordAudit } from '../../audit/index.js';
import { recordPermitChanges } from '../history/permit-events-repository.js';
import type { PermitCountCache } from '../list/permit-count-cache.js';
import { endPermit, findPermit } from './permit-expire-repository.js';

/** Unknown, of the other type, or out of the caller's reach: all answer the same (product brief section 2). */
const noSuchPermit = () => notFound('There is no such permit.');

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
  const expired = await queries.transaction().execute(async (tx) => {
    const permit = await findPermit(tx, principal, key, { forUpdate: true });
    if (!permit) throw noSuchPermit();
    if (permit.cancelledAt) throw conflict('This permit was cancelled before it started.');
    const now = clock();
    if (Date.parse(permit.started) > now.getTime()) {
      throw conflict('This permit has not started yet, so it cannot be expired.');
    }
    if (Date.parse(permit.ended) <= now.getTime()) throw conflict('This permit has already ended.');
    const expired = await endPermit(tx, permit.permitId, now);
    const actor = { userId: principal.userId, email: principal.email };
    await recordPermitChanges(
      tx,
      [{ permitId: permit.permitId, kind: 'expired', field: 'ended', from: permit.ended, to: expired.ended }],
      actor,
      now,
    );
    await recordAudit(tx, {
      subject: actor,
      actor,
      type: 'PermitExpired',
      description: `Expired the ${permit.type} permit ${permit.permitId} for ${permit.vehicleRegistration} at ${permit.site_SiteGroupNumber}.`,
      details: { permitId: permit.permitId, type: permit.type, endedBefore: permit.ended },
    });
    return expired;
  });
  // This process counts the change at once; the others drop their counts on the NOTIFY.
  countCache.invalidate();
  return expired;
}
