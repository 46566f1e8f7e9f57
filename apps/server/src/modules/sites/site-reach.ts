import type { Queries } from '../../db/kysely.js';
import { notFound } from '../../plugins/problem.js';
import { type Principal, policy } from '../access/index.js';
import { findSiteOrGroup, type SiteOrGroup } from './sites-repository.js';

/**
 * The site or group of this number when it exists and the caller reaches it (a group: granted, or all
 * its sites reached); otherwise a 404 saying `notFoundMessage`, so one out of reach looks the same as
 * one that does not exist.
 */
export async function findSiteOrGroupInReach(
  queries: Queries,
  principal: Principal,
  number: string,
  notFoundMessage: string,
): Promise<SiteOrGroup> {
  const found = await findSiteOrGroup(queries, number);
  const reachable =
    found?.kind === 'site'
      ? policy.reachesSite(principal, number)
      : found?.kind === 'group' && policy.reachesGroup(principal, number, found.members);
  if (!found || !reachable) throw notFound(notFoundMessage);
  return found;
}
