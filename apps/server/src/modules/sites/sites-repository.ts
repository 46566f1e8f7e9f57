import type { Site } from '@client-portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type RowOf, selectRows } from '../../db/rows.js';
import type { siteGroups, sites } from '../../db/schema.js';
import { legacyPolicySql, type Principal } from '../access/index.js';

/** A site or group as the contract's Site: number and name, typed from the sites table (groups alike). */
type SiteRow = Site & { siteNumber: RowOf<typeof sites>['site_number']; name: RowOf<typeof sites>['name'] };

/** The caller's sites and groups, sites first, both by number. */
export async function listAccessibleSites(db: Db, principal: Principal): Promise<Site[]> {
  return selectRows<SiteRow>(
    db,
    sql`select * from (
          select s.site_number as "siteNumber", s.name, 1 as kind from sites s where ${legacyPolicySql.siteInReachWhere(principal, sql`s.site_number`)}
          union all
          select g.group_number, g.name, 0 from site_groups g where ${legacyPolicySql.groupGrantedWhere(principal, sql`g.group_number`)}
        ) x order by kind, "siteNumber"`,
  );
}

/** Sites and groups whose number starts with any of the terms, within the caller's reach. */
export async function searchSites(
  db: Db,
  principal: Principal,
  terms: string[],
  options: { includeGroups: boolean; limit: number },
): Promise<Site[]> {
  const like = (column: SQL) =>
    sql.join(
      terms.map((t) => sql`${column} like ${`${t.replace(/[%_\\]/g, '\\$&')}%`}`),
      sql` or `,
    );
  const groups = options.includeGroups
    ? sql`union all select g.group_number, g.name, 0 from site_groups g
          where (${like(sql`g.group_number`)}) and ${legacyPolicySql.groupGrantedWhere(principal, sql`g.group_number`)}`
    : sql``;
  return selectRows<SiteRow>(
    db,
    sql`select "siteNumber", name from (
          select s.site_number as "siteNumber", s.name, 1 as kind from sites s
          where (${like(sql`s.site_number`)}) and ${legacyPolicySql.siteInReachWhere(principal, sql`s.site_number`)}
          ${groups}
        ) x order by kind, "siteNumber" limit ${options.limit}`,
  );
}

/** A site by its name, or a group by its name and member sites (by number). */
export type SiteOrGroup = { kind: 'site'; name: string } | { kind: 'group'; name: string; members: string[] };

/** The site or group of this number; undefined when neither exists. */
export async function findSiteOrGroup(db: Db, number: string): Promise<SiteOrGroup | undefined> {
  const [site] = await selectRows<Pick<RowOf<typeof sites>, 'name'>>(
    db,
    sql`select name from sites where site_number = ${number}`,
  );
  if (site) return { kind: 'site', name: site.name };
  const [group] = await selectRows<
    Pick<RowOf<typeof siteGroups>, 'name'> & { members: RowOf<typeof sites>['site_number'][] | null }
  >(
    db,
    sql`select g.name, array_remove(array_agg(m.site_number order by m.site_number), null) as members
        from site_groups g left join site_group_members m on m.group_number = g.group_number
        where g.group_number = ${number} group by g.name`,
  );
  if (!group) return undefined;
  return { kind: 'group', name: group.name, members: group.members ?? [] };
}
