import {
  canChangeConfigEntry,
  type FeatureName,
  isApiKeyFeature,
  isSiteGroupNumber,
} from '@client-portal/contract';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Queries } from '../../db/kysely.js';
import { groupsOfSites } from './access-repository.js';
import type { Principal } from './principal.js';

/**
 * Every "may this caller see or do this to that" of the portal (decision 26), answered two ways: as a
 * function for one record, and as an SQL condition for lists, reports, statistics, exports,
 * notifications and the live stream. Routes and repositories ask here; nothing else reads a
 * principal's sites, groups or features to decide access.
 *
 * Each answer marks the principal as having been asked (`wasConsulted`): the API tests check that every
 * route that reads or writes data went through this module (test/route-policy.test.ts).
 */

const consulted = new WeakSet<Principal>();
const asked = <T>(principal: Principal, answer: T): T => {
  consulted.add(principal);
  return answer;
};

/** Whether any policy question was asked about this principal (one per request). */
export function wasConsulted(principal: Principal): boolean {
  return consulted.has(principal);
}

// ---- Features ---------------------------------------------------------------------------------

/** The caller holds at least one of these features. */
export function holdsAnyFeature(principal: Principal, ...features: FeatureName[]): boolean {
  return asked(
    principal,
    features.some((f) => principal.features.includes(f)),
  );
}

/** The caller holds every one of these features. */
export function holdsAllFeatures(principal: Principal, ...features: FeatureName[]): boolean {
  return asked(
    principal,
    features.every((f) => principal.features.includes(f)),
  );
}

/** No way up: the features a caller may not hand on (any they lack; none for SysAdmin). */
export function featuresBeyondCaller(principal: Principal, features: readonly string[]): string[] {
  if (holdsAnyFeature(principal, 'Application.SysAdmin')) return [];
  return features.filter((f) => !principal.features.includes(f));
}

/** A settings entry the caller may change: each entry only by a holder of its feature. */
export function mayChangeConfigEntry(principal: Principal, key: string): boolean {
  return asked(principal, canChangeConfigEntry(key, principal.features));
}

/**
 * The caller acting on their own account only: their profile, password, two-factor sign-in, received
 * notifications and preferences. Every such record is found by the id of the principal this answers.
 */
export function onOwnAccount(principal: Principal): Principal {
  return asked(principal, principal);
}

// ---- Sites and groups -------------------------------------------------------------------------

/** The site groups granted to the caller by number (not those reached through their sites). */
export function grantedGroups(principal: Principal): string[] {
  return asked(principal, principal.access.filter(isSiteGroupNumber));
}

/** The caller's sites (groups expanded), or 'all' with all-sites access. */
export function sitesInReach(principal: Principal): readonly string[] | 'all' {
  return asked(principal, principal.accessAllSites ? 'all' : principal.siteNumbers);
}

/** All-sites access: every site and group, and the operator's own settings. */
export function reachesEverySite(principal: Principal): boolean {
  return asked(principal, principal.accessAllSites);
}

export function reachesSite(principal: Principal, siteNumber: string): boolean {
  return asked(principal, principal.accessAllSites || principal.siteNumbers.includes(siteNumber));
}

/**
 * A site group is in reach when granted, or when it has sites and the caller reaches every one.
 * `members`: the group's sites, as stored.
 */
export function reachesGroup(principal: Principal, groupNumber: string, members: readonly string[]): boolean {
  if (principal.accessAllSites || principal.access.includes(groupNumber)) return asked(principal, true);
  return asked(principal, members.length > 0 && members.every((s) => principal.siteNumbers.includes(s)));
}

/**
 * Where the caller may act (add permits, check plates, send to): a site in reach or a group granted
 * to them; anything with all-sites access.
 */
export function mayActAt(principal: Principal, siteOrGroup: string): boolean {
  if (principal.accessAllSites) return asked(principal, true);
  return asked(
    principal,
    isSiteGroupNumber(siteOrGroup)
      ? principal.access.includes(siteOrGroup)
      : principal.siteNumbers.includes(siteOrGroup),
  );
}

/** A client company is in reach with all-sites access, or when it has sites and every one is reached. */
export function reachesCompany(principal: Principal, companySites: readonly string[]): boolean {
  if (principal.accessAllSites) return asked(principal, true);
  return asked(
    principal,
    companySites.length > 0 && companySites.every((s) => principal.siteNumbers.includes(s)),
  );
}

// ---- Permits ----------------------------------------------------------------------------------

/**
 * Which permits a caller sees: the permits at the listed targets (their sites, the groups granted to
 * them and every group one of their sites belongs to, where a group permit is valid too; 'all' with
 * all-sites access), and only their own (those they added) without Permits.AllPermits. Callers
 * without Permits.View see none (null). One rule for the list, its count and export, the reports,
 * the plate check and the expiry digest.
 */
export interface PermitView {
  targets: readonly string[] | 'all';
  /** Only the permits this user added. */
  addedBy?: string;
}

/**
 * The caller's permit view, given the groups their sites belong to (`groupsOfTheirSites`, read by
 * the caller: access-repository's groupsOfSites). Null without Permits.View.
 */
export function permitView(principal: Principal, groupsOfTheirSites: readonly string[]): PermitView | null {
  if (!holdsAnyFeature(principal, 'Permits.View')) return null;
  const addedBy = holdsAnyFeature(principal, 'Permits.AllPermits') ? undefined : principal.userId;
  if (principal.accessAllSites) return { targets: 'all', addedBy };
  const targets = [
    ...new Set([...principal.siteNumbers, ...grantedGroups(principal), ...groupsOfTheirSites]),
  ];
  return { targets: targets.sort(), addedBy };
}

/** The caller's permit view, reading the groups their sites belong to. Null without Permits.View. */
export async function loadPermitView(db: Queries, principal: Principal): Promise<PermitView | null> {
  if (principal.accessAllSites || !principal.features.includes('Permits.View'))
    return permitView(principal, []);
  return permitView(principal, await groupsOfSites(db, principal.siteNumbers));
}

/** The caller's view narrowed to some targets (a site filter, a report's sites); null if none left. */
export function narrowPermitView(view: PermitView, targets: readonly string[]): PermitView {
  const within = view.targets === 'all' ? [...targets] : targets.filter((t) => view.targets.includes(t));
  return { ...view, targets: [...new Set(within)].sort() };
}

/** Whether a permit target (site or group number) is among a view's targets. */
export function viewIncludes(view: PermitView, target: string): boolean {
  return view.targets === 'all' || view.targets.includes(target);
}

// ---- Reports ----------------------------------------------------------------------------------

/**
 * Reports a caller may run (beyond the Reports feature that opens the area): a report that lists
 * permits only for holders of Permits.View, and then with what their permits list shows.
 */
export function mayRunReport(principal: Principal, key: string): boolean {
  return key === 'permit-register' ? holdsAnyFeature(principal, 'Permits.View') : asked(principal, true);
}

// ---- Accounts ---------------------------------------------------------------------------------

// ---- Announcements ----------------------------------------------------------------------------

/**
 * The sent announcements a sender sees (the sent list, its live updates): every one with all-sites
 * access, else their own; none without Notifications.Send.
 */
export function sentAnnouncementsVisible(principal: Principal): 'all' | 'own' | undefined {
  if (!holdsAnyFeature(principal, 'Notifications.Send')) return undefined;
  return reachesEverySite(principal) ? 'all' : 'own';
}

// ---- Roles ------------------------------------------------------------------------------------

/**
 * Who is looking at roles: the principal and, for a user without all-sites access, the client company
 * their sites belong to (null when they span several: such a user owns no roles).
 */
export interface RoleViewer {
  principal: Principal;
  companyId: number | null;
}

/** A role as far as access goes: its owner (null: global, the operator's) and its features. */
export interface RoleOwnership {
  companyId: number | null;
  features: readonly string[];
}

/**
 * A caller sees (and may assign) a role within reach of its owner (global, or their own client's;
 * every role with all-sites access) whose features all lie within their own; SysAdmin sees every role
 * within reach.
 */
export function roleVisible(viewer: RoleViewer, role: RoleOwnership): boolean {
  const ownerInReach =
    reachesEverySite(viewer.principal) ||
    role.companyId === null ||
    (viewer.companyId !== null && role.companyId === viewer.companyId);
  if (!ownerInReach) return false;
  if (holdsAnyFeature(viewer.principal, 'Application.SysAdmin')) return true;
  return role.features.every((f) => viewer.principal.features.includes(f));
}

/** Global roles are changed only by all-sites users; a client user changes their own client's roles. */
export function mayChangeRole(viewer: RoleViewer, role: RoleOwnership): boolean {
  return reachesEverySite(viewer.principal) || role.companyId !== null;
}

/** All-sites users add global roles; anyone else needs sites of exactly one client company. */
export function mayAddRoles(viewer: RoleViewer): boolean {
  return reachesEverySite(viewer.principal) || viewer.companyId !== null;
}

// ---- SQL conditions ---------------------------------------------------------------------------
//
// The same rules as conditions for a Kysely query's `where` (decision 31). A condition over a column
// takes the column (`sql.ref('s.site_number')` or `eb.ref(…)`); one over a whole row names the alias
// its query must give the table (p: permits, a: user_access, u: users, n: notifications). Lists of
// values are one array parameter (`= any`): an empty list matches nothing.

/** A condition for a Kysely `where`. */
export type Condition = RawBuilder<SqlBool>;

const always: Condition = sql<SqlBool>`true`;
const never: Condition = sql<SqlBool>`false`;

/** `column = any(values)`: never for an empty list (false, not NULL, so that `not` stays true). */
const among = (column: Expression<string | null>, values: readonly string[]): Condition =>
  values.length === 0 ? never : sql<SqlBool>`${column} = any(${[...values]})`;

/** A site-number column holds one of the caller's sites (always with all-sites access). */
export function siteInReachWhere(principal: Principal, column: Expression<string | null>): Condition {
  const sites = sitesInReach(principal);
  return sites === 'all' ? always : among(column, sites);
}

/** A group-number column holds a group granted to the caller (always with all-sites access). */
export function groupGrantedWhere(principal: Principal, column: Expression<string | null>): Condition {
  if (reachesEverySite(principal)) return always;
  return among(column, grantedGroups(principal));
}

/** A group-number column holds a group in reach (granted, or every one of its sites reached): reachesGroup. */
export function groupInReachWhere(principal: Principal, column: Expression<string | null>): Condition {
  if (reachesEverySite(principal)) return always;
  return sql<SqlBool>`(${groupGrantedWhere(principal, column)}
    or (exists (select 1 from site_group_members gm where gm.group_number = ${column})
        and not exists (select 1 from site_group_members gm where gm.group_number = ${column}
                        and not ${siteInReachWhere(principal, sql.ref('gm.site_number'))})))`;
}

/** A client-company id column names a company in reach: reachesCompany. */
export function companyInReachWhere(principal: Principal, column: Expression<number | null>): Condition {
  if (reachesEverySite(principal)) return always;
  return sql<SqlBool>`(exists (select 1 from sites cs where cs.company_id = ${column})
    and not exists (select 1 from sites cs where cs.company_id = ${column}
                    and not ${siteInReachWhere(principal, sql.ref('cs.site_number'))}))`;
}

/** Permits (alias p) in a view (permitView); none for a null view. */
export function permitViewWhere(view: PermitView | null): Condition {
  if (view === null) return never;
  const parts: Condition[] = [];
  if (view.targets !== 'all') parts.push(among(sql.ref('p.target'), view.targets));
  if (view.addedBy !== undefined) parts.push(sql<SqlBool>`p.created_by = ${view.addedBy}::uuid`);
  return parts.length === 0 ? always : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/**
 * Permits (alias p) the caller may change or open by id: a site permit at one of their sites, a
 * group permit of a group granted to them; everything with all-sites access; only their own without
 * Permits.AllPermits. (The list shows more: group permits of the groups their sites belong to.)
 */
export function permitChangeableWhere(principal: Principal): Condition {
  const own = holdsAnyFeature(principal, 'Permits.AllPermits')
    ? always
    : sql<SqlBool>`p.created_by = ${principal.userId}::uuid`;
  if (principal.accessAllSites) return own;
  const parts: Condition[] = [];
  if (principal.siteNumbers.length > 0)
    parts.push(
      sql<SqlBool>`(p.scope = 'site' and ${among(sql.ref('p.site_number'), principal.siteNumbers)})`,
    );
  const groups = grantedGroups(principal);
  if (groups.length > 0)
    parts.push(sql<SqlBool>`(p.scope = 'group' and ${among(sql.ref('p.group_number'), groups)})`);
  return parts.length > 0 ? sql<SqlBool>`((${sql.join(parts, sql` or `)}) and ${own})` : never;
}

/**
 * A user_access row (alias a) the caller may see in another account's access: a site in reach, or a
 * group that has sites, every one in reach (another client's sites are never shown).
 */
export function accessEntryVisibleWhere(principal: Principal): Condition {
  if (reachesEverySite(principal)) return always;
  return sql<SqlBool>`(${siteInReachWhere(principal, sql.ref('a.site_number'))} or (a.group_number is not null
    and exists (select 1 from site_group_members m where m.group_number = a.group_number)
    and not exists (select 1 from site_group_members m where m.group_number = a.group_number
                    and not ${siteInReachWhere(principal, sql.ref('m.site_number'))})))`;
}

/**
 * The product brief section 4, delegated administration: the accounts (alias u) a caller may see and
 * manage. All-sites callers: every account. Others: never global accounts, never accounts without any
 * access, never an account holding a role with a feature the caller lacks (no way up), and only
 * accounts each of whose access entries is a site the caller reaches, a group the caller holds, or a
 * non-empty group all of whose sites the caller reaches (no way across).
 */
export function accountManageableWhere(principal: Principal): Condition {
  if (reachesEverySite(principal)) return always;
  const sites = principal.siteNumbers;
  const groups = grantedGroups(principal);
  return sql<SqlBool>`(not u.access_all_sites
    and exists (select 1 from user_access a where a.user_id = u.id)
    and not exists (
      select 1 from user_roles ur join role_features rf on rf.role_id = ur.role_id
      where ur.user_id = u.id and not ${among(sql.ref('rf.feature'), principal.features)}
    )
    and not exists (
      select 1 from user_access a where a.user_id = u.id and not (
        (a.site_number is not null and ${among(sql.ref('a.site_number'), sites)})
        or (a.group_number is not null and (
          ${among(sql.ref('a.group_number'), groups)}
          or (exists (select 1 from site_group_members m where m.group_number = a.group_number)
              and not exists (select 1 from site_group_members m
                              where m.group_number = a.group_number
                              and not ${among(sql.ref('m.site_number'), sites)}))
        ))
      )
    ))`;
}

/** Sent announcements (alias n) the sender sees: sentAnnouncementsVisible. */
export function sentAnnouncementWhere(principal: Principal): Condition {
  const own = reachesEverySite(principal) ? always : sql<SqlBool>`n.sender_user_id = ${principal.userId}`;
  return sql<SqlBool>`(n.category = 'Announcement' and ${own})`;
}

// ---- API keys (decision 43) ------------------------------------------------------------------

/** A client manager (sites of exactly one company) makes keys for their company; the operator does not. */
export function mayCreateApiKeys(viewer: RoleViewer): boolean {
  return !reachesEverySite(viewer.principal) && viewer.companyId !== null;
}

/**
 * No way up for a key: the features it would hold that the caller lacks or that no key may hold, and
 * the sites and groups where the caller may not act themselves.
 */
export function apiKeyGrantBeyondCaller(
  principal: Principal,
  grant: { features: readonly string[]; access: readonly string[] },
): { features: string[]; access: string[] } {
  return asked(principal, {
    features: grant.features.filter((f) => !isApiKeyFeature(f) || !principal.features.includes(f)),
    access: grant.access.filter((entry) => !mayActAt(principal, entry)),
  });
}

/** API keys (alias k) a viewer sees and revokes: every key with all-sites access, else their company's. */
export function apiKeyVisibleWhere(viewer: RoleViewer): Condition {
  if (reachesEverySite(viewer.principal)) return always;
  if (viewer.companyId === null) return never;
  return sql<SqlBool>`k.company_id = ${viewer.companyId}`;
}

// ---- Retention (decision 52) ------------------------------------------------------------------

/**
 * Whose retention periods a viewer may set (issue 28): every client company's for the operator's
 * administrators (Application.SysAdmin, in force only with all-sites access); their own company's for
 * a client's administrator, who, as for API keys and webhooks, holds Users.Add with sites of exactly
 * one company; nobody else's ('none').
 */
export function retentionCompanies(viewer: RoleViewer): 'all' | number | 'none' {
  if (holdsAnyFeature(viewer.principal, 'Application.SysAdmin')) return 'all';
  if (!reachesEverySite(viewer.principal) && viewer.companyId !== null)
    return holdsAnyFeature(viewer.principal, 'Users.Add') ? viewer.companyId : 'none';
  return 'none';
}

// ---- Webhooks (decision 45) -------------------------------------------------------------------

/** Webhooks are subscribed, like API keys, by a client company's manager for that one company. */
export function mayCreateWebhooks(viewer: RoleViewer): boolean {
  return mayCreateApiKeys(viewer);
}

/** The sites and groups a subscription would hear of that the caller may not act at themselves. */
export function webhookSitesBeyondCaller(principal: Principal, sites: readonly string[]): string[] {
  return asked(
    principal,
    sites.filter((entry) => !mayActAt(principal, entry)),
  );
}

/** Webhook subscriptions (alias w) a viewer sees, turns off and deletes: every one for the operator, else their company's. */
export function webhookVisibleWhere(viewer: RoleViewer): Condition {
  if (reachesEverySite(viewer.principal)) return always;
  if (viewer.companyId === null) return never;
  return sql<SqlBool>`w.company_id = ${viewer.companyId}`;
}

// ---- SCIM (decision 46) ----------------------------------------------------------------------

/** An API key holding Users.Add: it may call SCIM (its discovery documents at least); a person may not. */
export function isScimKey(principal: Principal): boolean {
  return principal.apiKey !== undefined && holdsAnyFeature(principal, 'Users.Add');
}

/**
 * The principal a SCIM request on accounts acts as: a key holding Users.Add with a SCIM mapping, its
 * features widened by the features of the mapping's role that its creator holds now. So it creates
 * accounts with that role (roleVisible) and manages, as a manager holding that role would, accounts
 * within the key's sites whose roles hold nothing more (accountManageableWhere): no way up, none
 * across. Null for a signed-in person (SCIM takes keys only) and for a key without Users.Add or
 * without a mapping (its role was deleted).
 */
export function scimProvisioner(principal: Principal): Principal | null {
  const scim = principal.apiKey?.scim;
  if (!scim || !isScimKey(principal)) return asked(principal, null);
  const provisioner: Principal = {
    ...principal,
    features: [...new Set([...principal.features, ...scim.features])].sort(),
  };
  return asked(provisioner, provisioner);
}

/**
 * A key's SCIM mapping beyond its creator (decision 46): the role unless it exists and is one the
 * creator may assign (roleVisible: the company's or a global role, holding no feature the creator
 * lacks), and the mapping's sites and groups that are not among the key's own.
 */
export function apiKeyScimMappingBeyond(
  viewer: RoleViewer,
  grant: { access: readonly string[]; scimAccess: readonly string[]; role: RoleOwnership | undefined },
): { role: boolean; access: string[] } {
  return asked(viewer.principal, {
    role: grant.role === undefined || !roleVisible(viewer, grant.role),
    access: grant.scimAccess.filter((entry) => !grant.access.includes(entry)),
  });
}
