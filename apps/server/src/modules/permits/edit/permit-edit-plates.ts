import {
  confirmablePlateWarnings,
  type PlateCheckResultRow,
  type PlateWarning,
} from '@client-portal/contract';
import type { Queries } from '../../../db/kysely.js';
import { notFound } from '../../../plugins/problem.js';
import { type Principal, policy } from '../../access/index.js';
import { plateWarnings } from '../../sightings/index.js';
import type { PermitRowErrors } from '../add/permit-row-errors.js';
import type { StoredPermit } from '../permit-presenter.js';
import { findStoredPermit } from './permit-edit-repository.js';

/**
 * The warnings of a registration a permit is being corrected to, at the permit's own site or group, as
 * for an add (decision 19): a similar plate seen there or holding another permit there, the format
 * note. The permit itself is left out, so correcting a one-character slip never suggests the slip.
 */
async function warningsFor(
  queries: Queries,
  principal: Principal,
  permit: Pick<StoredPermit, 'id' | 'target'>,
  registration: string,
  now: Date,
): Promise<PlateWarning[]> {
  const view = await policy.loadPermitView(queries, principal);
  const [warnings] = await plateWarnings(
    queries,
    view,
    [{ target: permit.target, registration }],
    now,
    permit.id,
  );
  return warnings ?? [];
}

/** GET /permits/{type}/{permitId}/plate-check: the edit page's check; 404 outside the caller's reach. */
export async function checkEditedPlate(
  queries: Queries,
  principal: Principal,
  key: Parameters<typeof findStoredPermit>[2],
  registration: string,
): Promise<PlateCheckResultRow> {
  const permit = await findStoredPermit(queries, principal, key);
  if (!permit) throw notFound('There is no such permit.');
  return {
    id: 0,
    vehicleRegistration: registration,
    warnings: await warningsFor(queries, principal, permit, registration, new Date()),
  };
}

/**
 * The edit's server half of plate-typo protection: a new registration one slip from a vehicle seen
 * at the place or from another permit there is refused with the warning as its vehicleRegistration
 * issue (code and suggestion), unless the body says the user confirmed it. An unchanged registration
 * is never checked; the format note never blocks.
 */
export async function checkEditedPlateWarnings(
  queries: Queries,
  principal: Principal,
  stored: StoredPermit,
  registration: string,
  confirmed: boolean,
  errors: PermitRowErrors,
  now: Date,
): Promise<void> {
  if (confirmed || registration === stored.vehicleRegistration) return;
  for (const warning of await warningsFor(queries, principal, stored, registration, now)) {
    if (warning.code === 'unknownFormat' || !confirmablePlateWarnings.includes(warning.code)) continue;
    errors.row(0, { field: 'vehicleRegistration', code: warning.code, params: warning.params });
    return;
  }
}
