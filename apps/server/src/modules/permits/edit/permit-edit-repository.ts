import {
  type PermitDetail,
  type PermitDuration,
  type PermitKey,
  type PermitType,
  permitReference,
} from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { selectPreparedRows } from '../../../db/prepared-rows.js';
import type { RowOf } from '../../../db/rows.js';
import type { permits, users } from '../../../db/schema.js';
import { type Principal, policy } from '../../access/index.js';

/** A permit with every column the detail page and an edit need. */
type PermitColumns = RowOf<typeof permits>;

/**
 * A permit with every column the detail page and an edit need, under the names they use: typed from
 * schema.ts; `scope` and `duration` narrowed by their check constraints, the times as Dates.
 */
export interface StoredPermit {
  id: PermitColumns['id'];
  scope: PermitType;
  /** Generated from site_number or group_number, so never null. */
  target: NonNullable<PermitColumns['target']>;
  vehicleRegistration: PermitColumns['vehicle_registration'];
  driverName: PermitColumns['driver_name'];
  isTemp: PermitColumns['is_temp'];
  duration: PermitDuration;
  started: Date;
  ended: Date;
  reason: PermitColumns['reason'];
  authorisedBy: PermitColumns['authorised_by'];
  addedBy: RowOf<typeof users>['email'] | null;
  addedAt: Date;
}

interface StoredRow extends Omit<StoredPermit, 'started' | 'ended' | 'addedAt'> {
  started: Date | string;
  ended: Date | string;
  addedAt: Date | string;
}

/**
 * One permit of this type that the caller may change (policy.permitChangeableWhere: the expire rule), with its adder's
 * e-mail; `forUpdate` locks its row until the transaction ends.
 */
export async function findStoredPermit(
  db: Db,
  principal: Principal,
  key: PermitKey,
  options: { forUpdate?: boolean } = {},
): Promise<StoredPermit | undefined> {
  // Prepared: the permit's page reads it on every visit (inside a transaction it is a plain query).
  const [row] = await selectPreparedRows<StoredRow>(
    db,
    sql`select p.id, p.scope, p.target, p.vehicle_registration as "vehicleRegistration",
          p.driver_name as "driverName", p.is_temp as "isTemp", p.duration, p.started, p.ended, p.reason,
          p.authorised_by as "authorisedBy", u.email as "addedBy", p.created_at as "addedAt"
        from permits p left join users u on u.id = p.created_by
        where p.id = ${key.permitId} and p.scope = ${key.type} and ${policy.permitChangeableWhere(principal)}
        ${options.forUpdate ? sql`for update of p` : sql``}`,
  );
  return (
    row && {
      ...row,
      started: new Date(row.started),
      ended: new Date(row.ended),
      addedAt: new Date(row.addedAt),
    }
  );
}

export function toPermitDetail(p: StoredPermit): PermitDetail {
  return {
    type: p.scope,
    permitId: p.id,
    reference: permitReference(p.target, p.id),
    site_SiteGroupNumber: p.target,
    vehicleRegistration: p.vehicleRegistration,
    driverName: p.driverName,
    isTemp: p.isTemp,
    started: p.started.toISOString(),
    ended: p.ended.toISOString(),
    duration: p.duration,
    reason: p.reason,
    authorisedBy: p.authorisedBy,
    addedBy: p.addedBy,
    addedAt: p.addedAt.toISOString(),
  };
}

/** The corrected fields of a permit. */
export interface PermitCorrection {
  vehicleRegistration: string;
  driverName: string;
  reason: number | null;
  ended: Date;
}

export async function updatePermit(db: Db, permitId: number, change: PermitCorrection): Promise<void> {
  await db.execute(
    sql`update permits set vehicle_registration = ${change.vehicleRegistration},
          driver_name = ${change.driverName}, reason = ${change.reason},
          ended = ${change.ended.toISOString()}::timestamptz
        where id = ${permitId}`,
  );
}
