import type { PermitAllowanceUse } from '@client-portal/contract';
import type { Queries } from '../../../db/kysely.js';
import type { Principal } from '../../access/index.js';
import { readAllowances } from '../../permit-allowances/index.js';
import { findSiteOrGroupInReach } from '../../sites/index.js';
import { countLivePermits } from './permit-add-repository.js';

/**
 * GET /permits/allowances/{site}/use: a site's caps and what counts against them now, or a group's
 * own row followed by one per member site; read with the add's own rule (countLivePermits: current
 * and upcoming permits of each kind at that very site or group), so "full" here is full at the add.
 * Out of reach is a 404, as if it did not exist.
 */
export async function permitAllowanceUseFor(
  queries: Queries,
  principal: Principal,
  number: string,
  now = new Date(),
): Promise<PermitAllowanceUse[]> {
  const target = await findSiteOrGroupInReach(
    queries,
    principal,
    number,
    `Site or site group ${number} was not found.`,
  );
  const numbers = [number, ...(target.kind === 'group' ? target.members : [])];
  const [caps, live] = await Promise.all([
    readAllowances(queries, numbers),
    countLivePermits(queries, numbers, now),
  ]);
  return numbers.map((n) => ({
    site_SiteGroupNumber: n,
    temporaryAllowance: caps.get(n)?.temporary ?? null,
    permanentAllowance: caps.get(n)?.permanent ?? null,
    temporaryInUse: live.get(n)?.temporary ?? 0,
    permanentInUse: live.get(n)?.permanent ?? 0,
  }));
}
