import type { Site } from '@client-portal/contract';
import { sql } from 'kysely';
import type { Queries } from '../../db/kysely.js';
import { type Principal, policy } from '../access/index.js';

/** `like` patterns for numbers starting with any of the terms (`%`, `_` and `\` taken literally). */
const prefixes = (terms: readonly string[]) => terms.map((t) => `${t.replace(/[%_\\]/g, '\\$&')}%`);

/** The caller's sites (kind 1) and groups (kind 0) whose number starts with any of `terms` (all without). */
const sitesInReach = (db: Queries, principal: Principal, terms?: readonly string[]) =>
  db
    .selectFrom('sites as s')
    .select(['s.site_number as siteNumber', 's.name', sql<number>`1`.as('kind')])
    .$if(terms !== undefined, (q) =>
      q.where((eb) => eb.or(prefixes(terms ?? []).map((p) => eb('s.site_number', 'like', p)))),
    )
    .where(policy.siteInReachWhere(principal, sql.ref('s.site_number')));

const groupsGranted = (db: Queries, principal: Principal, terms?: readonly string[]) =>
  db
    .selectFrom('site_groups as g')
    .select(['g.group_number as siteNumber', 'g.name', sql<number>`0`.as('kind')])
    .$if(terms !== undefined, (q) =>
      q.where((eb) => eb.or(prefixes(terms ?? []).map((p) => eb('g.group_number', 'like', p)))),
    )
    .where(policy.groupGrantedWhere(principal, sql.ref('g.group_number')));

/** The statements of this repository, built but not run: what sites-repository.sql shows. */
export const sitesQueries = {
  accessible: (db: Queries, principal: Principal) =>
    db
      .selectFrom(sitesInReach(db, principal).unionAll(groupsGranted(db, principal)).as('x'))
      .select(['x.siteNumber', 'x.name'])
      .orderBy('x.kind')
      .orderBy('x.siteNumber'),

  search: (
    db: Queries,
    principal: Principal,
    terms: readonly string[],
    options: { includeGroups: boolean; limit: number },
  ) => {
    const sites = sitesInReach(db, principal, terms);
    return db
      .selectFrom(
        (options.includeGroups ? sites.unionAll(groupsGranted(db, principal, terms)) : sites).as('x'),
      )
      .select(['x.siteNumber', 'x.name'])
      .orderBy('x.kind')
      .orderBy('x.siteNumber')
      .limit(options.limit);
  },

  site: (db: Queries, number: string) =>
    db.selectFrom('sites').select('name').where('site_number', '=', number),

  group: (db: Queries, number: string) =>
    db
      .selectFrom('site_groups as g')
      .leftJoin('site_group_members as m', 'm.group_number', 'g.group_number')
      .select((eb) => [
        'g.name',
        sql<
          string[]
        >`array_remove(array_agg(${eb.ref('m.site_number')} order by ${eb.ref('m.site_number')}), null)`.as(
          'members',
        ),
      ])
      .where('g.group_number', '=', number)
      .groupBy('g.name'),
};

/** The caller's sites and groups, groups (kind 0) then sites, both by number. */
export async function listAccessibleSites(queries: Queries, principal: Principal): Promise<Site[]> {
  return sitesQueries.accessible(queries, principal).execute();
}

/** Sites and groups whose number starts with any of the terms, within the caller's reach. */
export async function searchSites(
  db: Queries,
  principal: Principal,
  terms: string[],
  options: { includeGroups: boolean; limit: number },
): Promise<Site[]> {
  return sitesQueries.search(db, principal, terms, options).execute();
}

/** A site by its name, or a group by its name and member sites (by number). */
export type SiteOrGroup = { kind: 'site'; name: string } | { kind: 'group'; name: string; members: string[] };

/** The site or group of this number; undefined when neither exists. */
export async function findSiteOrGroup(db: Queries, number: string): Promise<SiteOrGroup | undefined> {
  const site = await sitesQueries.site(db, number).executeTakeFirst();
  if (site) return { kind: 'site', name: site.name };
  const group = await sitesQueries.group(db, number).executeTakeFirst();
  if (!group) return undefined;
  return { kind: 'group', name: group.name, members: group.members };
}
