import { type PermitDuration, type PermitKey, permitDurations } from '@client-portal/contract';
import { type Queries, selectPrepared } from '../../../db/kysely.js';
import { type Principal, policy } from '../../access/index.js';
import type { StoredPermit } from '../permit-presenter.js';

/** The statements of this repository, built but not run: what permit-edit-repository.sql shows. */
export const permitEditQueries = {
  /** One permit of this type the caller may change (the expire rule), with its adder's email. */
  find: (queries: Queries, principal: Principal, key: PermitKey, forUpdate: boolean) =>
    queries
      .selectFrom('permits as p')
      .leftJoin('users as u', 'u.id', 'p.created_by')
      // The visitor link a visitor registered it through (decision 47), else null.
      .leftJoin('visitor_links as vl', 'vl.id', 'p.visitor_link_id')
      .select([
        'p.id',
        'p.scope',
        'p.target',
        'p.vehicle_registration as vehicleRegistration',
        'p.driver_name as driverName',
        'p.is_temp as isTemp',
        'p.duration',
        'p.started',
        'p.ended',
        'p.cancelled_at as cancelledAt',
        'p.upload_id as uploadId',
        'p.reason',
        'p.authorised_by as authorisedBy',
        'u.email as addedBy',
        'p.created_at as addedAt',
        'vl.name as visitorLink',
      ])
      .where('p.id', '=', key.permitId)
      .where('p.scope', '=', key.type)
      .where(policy.permitChangeableWhere(principal))
      .$if(forUpdate, (query) => query.forUpdate('p')),

  update: (queries: Queries, permitId: number, change: PermitCorrection) =>
    queries
      .updateTable('permits')
      .set({
        vehicle_registration: change.vehicleRegistration,
        driver_name: change.driverName,
        reason: change.reason,
        ended: change.ended,
      })
      .where('id', '=', permitId),
};

/** A stored duration: one of the contract's (the permits table's check constraint). */
function durationOf(duration: string): PermitDuration {
  const known = permitDurations.find((d) => d === duration);
  if (!known) throw new Error(`Unknown permit duration: ${duration}`);
  return known;
}

/**
 * One permit of this type that the caller may change (policy.permitChangeableWhere: the expire rule),
 * with its adder's email and its visitor link's name; `forUpdate` locks its row until the transaction ends.
 */
export async function findStoredPermit(
  queries: Queries,
  principal: Principal,
  key: PermitKey,
  options: { forUpdate?: boolean } = {},
): Promise<StoredPermit | undefined> {
  const query = permitEditQueries.find(queries, principal, key, options.forUpdate ?? false);
  // Prepared: the permit's page reads it on every visit.
  const [row] = await selectPrepared(queries, query);
  return (
    row && {
      ...row,
      scope: row.scope === 'group' ? 'group' : 'site',
      target: row.target ?? '',
      duration: durationOf(row.duration),
      started: new Date(row.started),
      ended: new Date(row.ended),
      cancelledAt: row.cancelledAt === null ? null : new Date(row.cancelledAt),
      uploadId: row.uploadId === null ? null : Number(row.uploadId),
      addedAt: new Date(row.addedAt),
    }
  );
}

/** The corrected fields of a permit. */
export interface PermitCorrection {
  vehicleRegistration: string;
  driverName: string;
  reason: number | null;
  ended: Date;
}

export async function updatePermit(tx: Queries, permitId: number, change: PermitCorrection): Promise<void> {
  await permitEditQueries.update(tx, permitId, change).execute();
}
