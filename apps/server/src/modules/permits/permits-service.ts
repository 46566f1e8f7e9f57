import {
  CONFIG_LIMITS,
  configDefaults,
  isSiteGroupNumber,
  type Page,
  type Permit,
  type PermitFilter,
  type PermitPageQuery,
} from '@client-portal/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../plugins/problem.js';
import { canAccessSite, type Principal } from '../access/index.js';
import { readIntegerEntry } from '../config/index.js';
import {
  countPermits,
  groupsOfSites,
  type PermitQuery,
  pagePermits,
  permitBatches,
  permitOrder,
  permitsAddedBy,
} from './permits-repository.js';

const DEFAULT_EXPIRED_DAYS = Number(configDefaults.PermitExpiredDays);

/** A site or group a caller may add permits at: a granted group, a reachable site, or all sites. */
export function permitTargetInReach(principal: Principal, number: string): boolean {
  if (principal.accessAllSites) return true;
  return isSiteGroupNumber(number) ? principal.access.includes(number) : canAccessSite(principal, number);
}

/**
 * The sites and groups whose permits a caller sees (decision 10): their sites, the groups granted to
 * them, and every group one of their sites belongs to (a group permit is valid there too). 'all' for
 * all-sites access.
 */
async function listedTargets(db: Db, principal: Principal): Promise<readonly string[] | 'all'> {
  if (principal.accessAllSites) return 'all';
  const granted = principal.access.filter(isSiteGroupNumber);
  const groups = await groupsOfSites(db, principal.siteNumbers);
  return [...new Set([...principal.siteNumbers, ...granted, ...groups])].sort();
}

/** What a site filter lists: the site and its groups' permits, or a group's own permits. */
async function filteredTargets(db: Db, number: string): Promise<string[]> {
  return isSiteGroupNumber(number) ? [number] : [number, ...(await groupsOfSites(db, [number]))];
}

/** Turns a checked filter into a query at `now`; a site or group out of the caller's list is a 404. */
export async function permitQueryFor(
  db: Db,
  principal: Principal,
  filter: PermitFilter,
  now = new Date(),
): Promise<PermitQuery> {
  const [reach, expiredDays] = await Promise.all([
    listedTargets(db, principal),
    readIntegerEntry(db, 'PermitExpiredDays', DEFAULT_EXPIRED_DAYS),
  ]);
  let targets = reach;
  if (filter.siteNumber) {
    if (reach !== 'all' && !reach.includes(filter.siteNumber)) {
      throw notFound(`No site or site group ${filter.siteNumber} among your sites.`);
    }
    targets = await filteredTargets(db, filter.siteNumber);
  }
  return {
    state: filter.state,
    vehicleRegistration: filter.vehicleRegistration,
    notSeen: filter.notSeen,
    targets,
    addedBy: permitsAddedBy(principal),
    now,
    expiredDays: Math.min(expiredDays, CONFIG_LIMITS.permitExpiredDaysMax),
  };
}

export async function countPermitsFor(db: Db, principal: Principal, filter: PermitFilter): Promise<number> {
  return countPermits(db, await permitQueryFor(db, principal, filter));
}

export async function pagePermitsFor(
  db: Db,
  principal: Principal,
  query: PermitPageQuery,
): Promise<Page<Permit>> {
  return pagePermits(
    db,
    await permitQueryFor(db, principal, query),
    permitOrder(query.sort, query.direction),
    query,
  );
}

/** Every permit the list would show for this query, in its order, a batch at a time. */
export async function exportPermitsFor(
  db: Db,
  principal: Principal,
  query: PermitPageQuery,
): Promise<AsyncGenerator<Permit[]>> {
  return permitBatches(
    db,
    await permitQueryFor(db, principal, query),
    permitOrder(query.sort, query.direction),
  );
}
