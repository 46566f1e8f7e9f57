import type { PermitKey } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { selectPreparedRows } from '../../../db/prepared-rows.js';
import { legacyPolicySql, type Principal } from '../../access/index.js';
import type { StoredPermit } from '../permit-presenter.js';

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
        where p.id = ${key.permitId} and p.scope = ${key.type} and ${legacyPolicySql.permitChangeableWhere(principal)}
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
