import type { PermitType } from '@client-portal/contract';
import type { PlannedPermit } from './permit-add-rows.js';
import type { PermitRowErrors } from './permit-row-errors.js';

/** A stored permit of one of the vehicles being added, with the sites it is valid at. */
export interface StoredPermitPeriod {
  scope: PermitType;
  target: string;
  sites: readonly string[];
  vehicleRegistration: string;
  started: Date;
  ended: Date;
}

type Placed = Pick<StoredPermitPeriod, 'scope' | 'target' | 'sites' | 'started' | 'ended'>;

/** Two permits clash when their periods overlap at a shared site (a group permit counts at its members). */
function clash(a: Placed, b: Placed): boolean {
  if (a.started >= b.ended || b.started >= a.ended) return false;
  if (a.scope === b.scope && a.target === b.target) return true;
  return a.sites.some((site) => b.sites.includes(site));
}

/**
 * The same vehicle may not hold two overlapping permits at the same site (the product brief, section 5): not
 * with a stored permit, and not with another row of the same request.
 */
export function checkOverlaps(
  planned: readonly PlannedPermit[],
  stored: readonly StoredPermitPeriod[],
  errors: PermitRowErrors,
): void {
  const storedByVehicle = new Map<string, StoredPermitPeriod[]>();
  for (const p of stored) {
    const list = storedByVehicle.get(p.vehicleRegistration) ?? [];
    list.push(p);
    storedByVehicle.set(p.vehicleRegistration, list);
  }
  const earlierByVehicle = new Map<string, PlannedPermit[]>();
  const reported = new Set<number>();
  for (const permit of planned) {
    const earlier = earlierByVehicle.get(permit.vehicleRegistration) ?? [];
    const inBody = earlier.find((other) => other.rowId !== permit.rowId && clash(permit, other));
    const withStored = (storedByVehicle.get(permit.vehicleRegistration) ?? []).some((p) => clash(permit, p));
    if ((inBody || withStored) && !reported.has(permit.rowId)) {
      reported.add(permit.rowId);
      errors.row(
        permit.rowId,
        inBody && errors.mode === 'bulk'
          ? { field: 'vehicleRegistration', code: 'overlapInUpload', params: { line: inBody.rowId } }
          : { field: 'vehicleRegistration', code: 'overlap', params: {} },
      );
    }
    earlier.push(permit);
    earlierByVehicle.set(permit.vehicleRegistration, earlier);
  }
}

/** Current plus upcoming permits of each kind stored for one site or group (its own, not its members'). */
export interface LivePermitCount {
  temporary: number;
  permanent: number;
}

/** A site's or group's caps; null (or no row) is unlimited. */
interface PermitCaps {
  temporary: number | null;
  permanent: number | null;
}

/**
 * Allowances cap the current plus upcoming permits of each kind at a site or group (the product brief,
 * section 5): what is stored there plus what this request adds must stay within the cap. Custom
 * permits are not temporary (isTemp false) and so count as permanent.
 */
export function checkAllowances(
  planned: readonly PlannedPermit[],
  live: ReadonlyMap<string, LivePermitCount>,
  caps: ReadonlyMap<string, PermitCaps>,
  errors: PermitRowErrors,
): void {
  const adding = new Map<string, { scope: PermitType; temporary: number; permanent: number }>();
  for (const p of planned) {
    const entry = adding.get(p.target) ?? { scope: p.scope, temporary: 0, permanent: 0 };
    if (p.isTemp) entry.temporary++;
    else entry.permanent++;
    adding.set(p.target, entry);
  }
  for (const [target, added] of [...adding].sort(([a], [b]) => a.localeCompare(b))) {
    const place = added.scope === 'group' ? `site group ${target}` : `site ${target}`;
    for (const kind of ['temporary', 'permanent'] as const) {
      const cap = caps.get(target)?.[kind] ?? null;
      if (added[kind] === 0 || cap === null) continue;
      if ((live.get(target)?.[kind] ?? 0) + added[kind] > cap) {
        errors.whole('Allowance', 'allowanceExceeded', { kind, place, cap });
      }
    }
  }
}
