import { confirmablePlateWarnings } from '@client-portal/contract';
import type { Queries } from '../../../db/kysely.js';
import { type Principal, policy } from '../../access/index.js';
import { plateWarnings } from '../../sightings/index.js';
import type { PlannedPermit } from './permit-add-rows.js';
import type { PermitRowErrors } from './permit-row-errors.js';

/**
 * The server's half of plate-typo protection: a row whose plate is one slip from a vehicle seen at the
 * place or from another permit there is refused with the warning as its vehicleRegistration issue
 * (code similarSeen or similarPermit, with the suggestion), unless the row says the user confirmed it
 * (`confirmedWarnings: true`). A confirmed row is never blocked; the format note never blocks.
 */
export async function checkPlateWarnings(
  queries: Queries,
  principal: Principal,
  planned: readonly PlannedPermit[],
  errors: PermitRowErrors,
  now: Date,
): Promise<void> {
  const unconfirmed = planned.filter((p) => !p.confirmedWarnings);
  if (unconfirmed.length === 0) return;
  const answers = await plateWarnings(
    queries,
    await policy.loadPermitView(queries, principal),
    unconfirmed.map((p) => ({ target: p.target, registration: p.vehicleRegistration })),
    now,
  );
  const warned = new Set<number>();
  unconfirmed.forEach((permit, index) => {
    if (warned.has(permit.rowId)) return;
    for (const warning of answers[index] ?? []) {
      if (warning.code === 'unknownFormat' || !confirmablePlateWarnings.includes(warning.code)) continue;
      errors.row(permit.rowId, { field: 'vehicleRegistration', code: warning.code, params: warning.params });
      warned.add(permit.rowId);
    }
  });
}
