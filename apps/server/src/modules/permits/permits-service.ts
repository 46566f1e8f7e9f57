import {
  CONFIG_LIMITS,
  configDefaults,
  isSiteGroupNumber,
  type Permit,
  type PermitFilter,
} from '@client-portal/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../plugins/problem.js';
import { canAccessSite, type Principal } from '../access/principal.js';
import { readIntegerEntry } from '../config/config-repository.js';
import { countPermits, listPermits, type PermitQuery } from './permits-repository.js';

const DEFAULT_EXPIRED_DAYS = Number(configDefaults.PermitExpiredDays);

/** A site or group is in reach as permits see it: a granted group, a reachable site, or all sites. */
export function permitTargetInReach(principal: Principal, number: string): boolean {
  if (principal.accessAllSites) return true;
  return isSiteGroupNumber(number) ? principal.access.includes(number) : canAccessSite(principal, number);
}

/** Turns a checked filter into a query at `now`; a site out of the caller's reach is a 404. */
export async function permitQueryFor(
  db: Db,
  principal: Principal,
  filter: PermitFilter,
  now = new Date(),
): Promise<PermitQuery> {
  if (filter.siteNumber && !permitTargetInReach(principal, filter.siteNumber)) {
    throw notFound(`No site or site group ${filter.siteNumber} among your sites.`);
  }
  const expiredDays = await readIntegerEntry(db, 'PermitExpiredDays', DEFAULT_EXPIRED_DAYS);
  return { ...filter, now, expiredDays: Math.min(expiredDays, CONFIG_LIMITS.permitExpiredDaysMax) };
}

export async function countPermitsFor(db: Db, principal: Principal, filter: PermitFilter): Promise<number> {
  return countPermits(db, principal, await permitQueryFor(db, principal, filter));
}

export async function listPermitsFor(db: Db, principal: Principal, filter: PermitFilter): Promise<Permit[]> {
  return listPermits(db, principal, await permitQueryFor(db, principal, filter));
}
