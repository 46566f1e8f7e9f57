import {
  CONFIG_LIMITS,
  configDefaults,
  isSiteGroupNumber,
  type Page,
  type Permit,
  type PermitFilter,
  type PermitPageQuery,
  permitSearchOf,
} from '@client-portal/contract';
import type { Queries } from '../../../db/kysely.js';
import type { SplitReads } from '../../../db/read-replica.js';
import { notFound } from '../../../plugins/problem.js';
import { groupsOfSites, type PermitView, type Principal, policy } from '../../access/index.js';
import { type ConfigCache, readIntegerEntry } from '../../config/index.js';
import type { PermitCaches } from './permit-count-cache.js';
import {
  countPermits,
  type PermitQuery,
  pagePermits,
  permitBatches,
  permitOrder,
} from './permits-repository.js';

const DEFAULT_EXPIRED_DAYS = Number(configDefaults.PermitExpiredDays);

/** What a site filter lists: the site and its groups' permits, or a group's own permits. */
async function filteredTargets(queries: Queries, number: string): Promise<string[]> {
  return isSiteGroupNumber(number) ? [number] : [number, ...(await groupsOfSites(queries, [number]))];
}

/** Turns a checked filter into a query at `now`; a site or group out of the caller's list is a 404. */
export async function permitQueryFor(
  queries: Queries,
  principal: Principal,
  filter: PermitFilter,
  configCache?: ConfigCache,
  now = new Date(),
): Promise<PermitQuery> {
  const [seen, expiredDays] = await Promise.all([
    policy.loadPermitView(queries, principal),
    readIntegerEntry(queries, 'PermitExpiredDays', DEFAULT_EXPIRED_DAYS, configCache),
  ]);
  // The routes open to Permits.View holders only; a view of nothing reads as an empty list.
  let view: PermitView = seen ?? { targets: [] };
  if (filter.siteNumber) {
    if (!policy.viewIncludes(view, filter.siteNumber)) {
      throw notFound(`No site or site group ${filter.siteNumber} among your sites.`);
    }
    view = { ...view, targets: await filteredTargets(queries, filter.siteNumber) };
  }
  return {
    state: filter.state,
    vehicleRegistration: filter.vehicleRegistration,
    ...(filter.q ? { search: permitSearchOf(filter.q) } : {}),
    notSeen: filter.notSeen,
    targets: view.targets,
    addedBy: view.addedBy,
    now,
    expiredDays: Math.min(expiredDays, CONFIG_LIMITS.permitExpiredDaysMax),
  };
}

export async function countPermitsFor(
  queries: Queries,
  principal: Principal,
  filter: PermitFilter,
  caches: PermitCaches,
): Promise<number> {
  return countPermits(
    queries,
    await permitQueryFor(queries, principal, filter, caches.config),
    caches.permitCounts,
  );
}

export async function pagePermitsFor(
  queries: Queries,
  principal: Principal,
  query: PermitPageQuery,
  caches: PermitCaches,
): Promise<Page<Permit>> {
  return pagePermits(
    queries,
    await permitQueryFor(queries, principal, query, caches.config),
    permitOrder(query.sort, query.direction),
    query,
    caches.permitCounts,
  );
}

/**
 * Every permit the list would show for this query, in its order, a batch at a time: the caller's view
 * read from `db.primary`, the permits from `db.rows` (the replica's, decision 41).
 */
export async function exportPermitsFor(
  db: SplitReads,
  principal: Principal,
  query: PermitPageQuery,
  caches: PermitCaches,
): Promise<AsyncGenerator<Permit[]>> {
  return permitBatches(
    db.rows,
    await permitQueryFor(db.primary, principal, query, caches.config),
    permitOrder(query.sort, query.direction),
  );
}
