import { type SQL, sql } from 'drizzle-orm';
import { valueList } from '../../db/sql-lists.js';
import type { PermitView } from './policy.js';
import * as policy from './policy.js';
import type { Principal } from './principal.js';

/**
 * The policy's SQL conditions as drizzle `sql`, for the repositories not yet on Kysely (decision 31):
 * the same rules as policy.ts's Kysely conditions, which replace these module by module. It goes
 * when the last drizzle repository is converted.
 */

/** `column in (values)`, or false for an empty list (never NULL, so that `not` stays true). */
const among = (column: SQL, values: readonly string[]): SQL =>
  values.length === 0 ? sql`false` : sql`${column} in ${valueList(values)}`;

/** SQL: a client-company id column names a company in reach (reachesCompany). */
export function companyInReachWhere(principal: Principal, column: SQL): SQL {
  if (policy.reachesEverySite(principal)) return sql`true`;
  return sql`(exists (select 1 from sites cs where cs.company_id = ${column})
    and not exists (select 1 from sites cs where cs.company_id = ${column}
                    and not ${siteInReachWhere(principal, sql`cs.site_number`)}))`;
}

/** SQL: a site-number column holds one of the caller's sites (always true with all-sites access). */
export function siteInReachWhere(principal: Principal, column: SQL): SQL {
  const sites = policy.sitesInReach(principal);
  if (sites === 'all') return sql`true`;
  return sites.length === 0 ? sql`false` : sql`${column} in ${valueList(sites)}`;
}

/** SQL: a group-number column holds a group granted to the caller (always true with all-sites access). */
export function groupGrantedWhere(principal: Principal, column: SQL): SQL {
  if (policy.reachesEverySite(principal)) return sql`true`;
  const groups = policy.grantedGroups(principal);
  return groups.length === 0 ? sql`false` : sql`${column} in ${valueList(groups)}`;
}

/** SQL: a group-number column holds a group in reach (granted, or every one of its sites reached). */
export function groupInReachWhere(principal: Principal, column: SQL): SQL {
  if (policy.reachesEverySite(principal)) return sql`true`;
  return sql`(${groupGrantedWhere(principal, column)}
    or (exists (select 1 from site_group_members gm where gm.group_number = ${column})
        and not exists (select 1 from site_group_members gm where gm.group_number = ${column}
                        and not ${siteInReachWhere(principal, sql`gm.site_number`)})))`;
}

/** SQL: permits (alias p) in a view. */
export function permitViewWhere(view: PermitView | null): SQL {
  if (view === null) return sql`false`;
  const parts: SQL[] = [];
  if (view.targets !== 'all') {
    parts.push(view.targets.length === 0 ? sql`false` : sql`p.target in ${valueList(view.targets)}`);
  }
  if (view.addedBy !== undefined) parts.push(sql`p.created_by = ${view.addedBy}::uuid`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/**
 * SQL: permits (alias p) the caller may change or open by id: a site permit at one of their sites, a
 * group permit of a group granted to them; everything with all-sites access; only their own without
 * Permits.AllPermits. (The list shows more: group permits of the groups their sites belong to.)
 */
export function permitChangeableWhere(principal: Principal): SQL {
  const own = policy.holdsAnyFeature(principal, 'Permits.AllPermits')
    ? sql``
    : sql` and p.created_by = ${principal.userId}::uuid`;
  if (principal.accessAllSites) return sql`(true${own})`;
  const sites = principal.siteNumbers;
  const groups = policy.grantedGroups(principal);
  const parts: SQL[] = [];
  if (sites.length > 0) parts.push(sql`(p.scope = 'site' and p.site_number in ${valueList(sites)})`);
  if (groups.length > 0) parts.push(sql`(p.scope = 'group' and p.group_number in ${valueList(groups)})`);
  return parts.length > 0 ? sql`((${sql.join(parts, sql` or `)})${own})` : sql`false`;
}

/**
 * SQL: a user_access row (alias a) the caller may see in another account's access: a site in reach,
 * or a group that has sites, every one in reach (another client's sites are never shown).
 */
export function accessEntryVisibleWhere(principal: Principal): SQL {
  if (policy.reachesEverySite(principal)) return sql`true`;
  return sql`(${siteInReachWhere(principal, sql`a.site_number`)} or (a.group_number is not null
    and exists (select 1 from site_group_members m where m.group_number = a.group_number)
    and not exists (select 1 from site_group_members m where m.group_number = a.group_number
                    and not ${siteInReachWhere(principal, sql`m.site_number`)})))`;
}

/**
 * SQL, the product brief section 4, delegated administration: the accounts (alias u) a caller may see and
 * manage. All-sites callers: every account. Others: never global accounts, never accounts without any
 * access, never an account holding a role with a feature the caller lacks (no way up), and only
 * accounts each of whose access entries is a site the caller reaches, a group the caller holds, or a
 * non-empty group all of whose sites the caller reaches (no way across).
 */
export function accountManageableWhere(principal: Principal): SQL {
  if (policy.reachesEverySite(principal)) return sql`true`;
  const sites = principal.siteNumbers;
  const groups = policy.grantedGroups(principal);
  return sql`(not u.access_all_sites
    and exists (select 1 from user_access a where a.user_id = u.id)
    and not exists (
      select 1 from user_roles ur join role_features rf on rf.role_id = ur.role_id
      where ur.user_id = u.id and not ${among(sql`rf.feature`, principal.features)}
    )
    and not exists (
      select 1 from user_access a where a.user_id = u.id and not (
        (a.site_number is not null and ${among(sql`a.site_number`, sites)})
        or (a.group_number is not null and (
          ${among(sql`a.group_number`, groups)}
          or (exists (select 1 from site_group_members m where m.group_number = a.group_number)
              and not exists (select 1 from site_group_members m
                              where m.group_number = a.group_number and not ${among(sql`m.site_number`, sites)}))
        ))
      )
    ))`;
}

/** SQL: sent announcements (alias n) the sender sees (sentAnnouncementsVisible). */
export function sentAnnouncementWhere(principal: Principal): SQL {
  const own = policy.reachesEverySite(principal) ? sql`true` : sql`n.sender_user_id = ${principal.userId}`;
  return sql`n.category = 'Announcement' and ${own}`;
}
