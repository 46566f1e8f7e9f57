import { isSiteGroupNumber, type Page, type PageQuery } from '@client-portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type KeysetOrder, readKeysetPage, withoutKeys } from '../../db/keyset.js';
import { type RowOf, selectRows } from '../../db/rows.js';
import type { roles, siteGroups, sites, userAccess, userFlags, userRoles, users } from '../../db/schema.js';
import { legacyPolicySql, type Principal } from '../access/index.js';

/** `column in (values)`, or false for an empty list (SQL has no empty IN list). */
function columnIn(column: SQL, values: readonly string[]): SQL {
  if (values.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

type StoredUser = RowOf<typeof users>;
type StoredSite = RowOf<typeof sites>;
type StoredRole = RowOf<typeof roles>;

/** An account as accountColumns selects it: the users columns typed from schema.ts, under plain names. */
export interface AccountRow {
  id: StoredUser['id'];
  email: StoredUser['email'];
  emailConfirmed: StoredUser['email_confirmed'];
  accessAllSites: StoredUser['access_all_sites'];
  removed: boolean;
  /** A shadow (decision 0026): never shown as such, it only decides which mail goes where. */
  addressHeldElsewhere: StoredUser['address_held_elsewhere'];
}

const accountColumns = sql`u.id, u.email, u.email_confirmed as "emailConfirmed",
  u.access_all_sites as "accessAllSites", u.removed_at is not null as removed,
  u.address_held_elsewhere as "addressHeldElsewhere"`;

export interface AccountFilter {
  state?: 'confirmed' | 'unconfirmed';
  siteNumbers: string[];
  emailAddress?: string;
}

/** The conditions of the account list: live, manageable by the caller, matching the filters. */
function accountListWhere(principal: Principal, filter: AccountFilter): SQL {
  const conditions: SQL[] = [sql`u.removed_at is null`, legacyPolicySql.accountManageableWhere(principal)];
  if (filter.state) conditions.push(sql`u.email_confirmed = ${filter.state === 'confirmed'}`);
  if (filter.emailAddress) {
    conditions.push(sql`position(lower(${filter.emailAddress}) in lower(u.email)) > 0`);
  }
  if (filter.siteNumbers.length > 0) {
    // An account matches a site or group it holds, or reaches through a group, or that contains its site.
    const f = filter.siteNumbers;
    conditions.push(sql`(u.access_all_sites or exists (
      select 1 from user_access a where a.user_id = u.id and (
        ${columnIn(sql`coalesce(a.site_number, a.group_number)`, f)}
        or exists (select 1 from site_group_members m
                   where (m.group_number = a.group_number and ${columnIn(sql`m.site_number`, f)})
                      or (m.site_number = a.site_number and ${columnIn(sql`m.group_number`, f)})))))`);
  }
  return sql.join(conditions, sql` and `);
}

const accountOrder = (desc: boolean): KeysetOrder => ({
  key: { expr: sql`lower(u.email)`, type: 'text' },
  id: { expr: sql`u.id`, type: 'uuid' },
  desc,
});

/** One page of the live accounts the caller manages, matching the filters, by e-mail; with the count. */
export async function pageManageableAccounts(
  db: Db,
  principal: Principal,
  filter: AccountFilter,
  page: Pick<PageQuery, 'direction' | 'after' | 'before' | 'skip'>,
): Promise<Page<AccountRow>> {
  return readKeysetPage<AccountRow, AccountRow>(
    db,
    {
      columns: accountColumns,
      from: sql`users u`,
      where: accountListWhere(principal, filter),
      order: accountOrder(page.direction === 'desc'),
    },
    page,
    withoutKeys,
  );
}

/** One account if the caller manages it (removed accounts only when asked, for their history). */
export async function findManageableAccount(
  db: Db,
  principal: Principal,
  id: string,
  options: { includeRemoved?: boolean; forUpdate?: boolean } = {},
): Promise<AccountRow | null> {
  const live = options.includeRemoved ? sql`true` : sql`u.removed_at is null`;
  const lock = options.forUpdate ? sql`for update of u` : sql``;
  const [row] = await selectRows<AccountRow>(
    db,
    sql`select ${accountColumns} from users u where u.id = ${id} and ${live} and ${legacyPolicySql.accountManageableWhere(principal)} ${lock}`,
  );
  return row ?? null;
}

interface AccountDetails {
  access: Map<string, string[]>;
  roles: Map<string, { applicationRoleId: number; name: string }[]>;
  flags: Map<string, string[]>;
}

/** Access numbers, roles (by name) and flags of these accounts. */
export async function loadAccountDetails(db: Db, userIds: string[]): Promise<AccountDetails> {
  const details: AccountDetails = { access: new Map(), roles: new Map(), flags: new Map() };
  if (userIds.length === 0) return details;
  const ids = columnIn(sql`user_id`, userIds);
  const [access, roles, flags] = await Promise.all([
    selectRows<Pick<RowOf<typeof userAccess>, 'user_id'> & { number: StoredSite['site_number'] }>(
      db,
      sql`select user_id, coalesce(site_number, group_number) as number from user_access where ${ids}
          order by 2`,
    ),
    selectRows<Pick<RowOf<typeof userRoles>, 'user_id'> & Pick<StoredRole, 'id' | 'name'>>(
      db,
      sql`select ur.user_id, r.id, r.name from user_roles ur join roles r on r.id = ur.role_id
          where ${columnIn(sql`ur.user_id`, userIds)} order by lower(r.name)`,
    ),
    selectRows<Pick<RowOf<typeof userFlags>, 'user_id' | 'flag'>>(
      db,
      sql`select user_id, flag from user_flags where ${ids} order by flag`,
    ),
  ]);
  const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
    const list = map.get(key) ?? [];
    list.push(value);
    map.set(key, list);
  };
  for (const a of access) push(details.access, a.user_id, a.number);
  for (const r of roles) push(details.roles, r.user_id, { applicationRoleId: r.id, name: r.name });
  for (const f of flags) push(details.flags, f.user_id, f.flag);
  return details;
}

/** The sites and groups among these numbers that exist, groups with their member sites. */
export async function resolveSitesAndGroups(db: Db, numbers: string[]) {
  const [sites, groups] = await Promise.all([
    selectRows<{ number: StoredSite['site_number'] }>(
      db,
      sql`select site_number as number from sites where ${columnIn(sql`site_number`, numbers)}`,
    ),
    selectRows<{ number: RowOf<typeof siteGroups>['group_number']; members: StoredSite['site_number'][] }>(
      db,
      sql`select g.group_number as number,
                 coalesce(json_agg(m.site_number) filter (where m.site_number is not null), '[]'::json) as members
          from site_groups g left join site_group_members m on m.group_number = g.group_number
          where ${columnIn(sql`g.group_number`, numbers)} group by g.group_number`,
    ),
  ]);
  return {
    sites: new Set(sites.map((s) => s.number)),
    groups: new Map(groups.map((g) => [g.number, g.members])),
  };
}

/**
 * Who else holds this address, among live accounts other than `exceptId` (decision 0026):
 * `inReach` when the caller manages one of them (a shadow of theirs included: they see it in their
 * list), `heldElsewhere` when a usable account (not a shadow) out of their reach holds it. Another
 * manager's shadow holds nothing and counts for neither.
 */
export async function addressHolders(
  db: Db,
  principal: Principal,
  email: string,
  exceptId?: string,
): Promise<{ inReach: boolean; heldElsewhere: boolean }> {
  const manageable = legacyPolicySql.accountManageableWhere(principal);
  const [row] = await selectRows<{ inReach: boolean; heldElsewhere: boolean }>(
    db,
    sql`select coalesce(bool_or(${manageable}), false) as "inReach",
               coalesce(bool_or(not u.address_held_elsewhere and not ${manageable}), false) as "heldElsewhere"
        from users u
        where lower(u.email) = lower(${email}) and u.removed_at is null
          and (${exceptId ?? null}::uuid is null or u.id <> ${exceptId ?? null}::uuid)`,
  );
  return row ?? { inReach: false, heldElsewhere: false };
}

export async function insertAccount(
  db: Db,
  account: { email: string; accessAllSites: boolean; addressHeldElsewhere: boolean },
) {
  const [row] = await selectRows<Pick<StoredUser, 'id'>>(
    db,
    sql`insert into users (email, email_confirmed, access_all_sites, address_held_elsewhere)
        values (${account.email}, false, ${account.accessAllSites}, ${account.addressHeldElsewhere})
        returning id`,
  );
  return row!.id;
}

export async function updateAccountRow(
  db: Db,
  id: string,
  account: { email: string; accessAllSites: boolean; emailConfirmed: boolean; addressHeldElsewhere: boolean },
) {
  await db.execute(
    sql`update users set email = ${account.email}, access_all_sites = ${account.accessAllSites},
        email_confirmed = ${account.emailConfirmed}, address_held_elsewhere = ${account.addressHeldElsewhere}
        where id = ${id}`,
  );
}

/** Replaces the account's roles, access entries and flags with these. */
export async function replaceGrants(
  db: Db,
  id: string,
  grants: { roleIds: number[]; access: string[]; flags: string[] },
) {
  await db.execute(sql`delete from user_roles where user_id = ${id}`);
  await db.execute(sql`delete from user_access where user_id = ${id}`);
  await db.execute(sql`delete from user_flags where user_id = ${id}`);
  if (grants.roleIds.length > 0) {
    await db.execute(
      sql`insert into user_roles (user_id, role_id) values ${sql.join(
        grants.roleIds.map((r) => sql`(${id}, ${r})`),
        sql`, `,
      )}`,
    );
  }
  if (grants.access.length > 0) {
    await db.execute(
      sql`insert into user_access (user_id, site_number, group_number) values ${sql.join(
        grants.access.map((a) =>
          isSiteGroupNumber(a) ? sql`(${id}, null, ${a})` : sql`(${id}, ${a}, null)`,
        ),
        sql`, `,
      )}`,
    );
  }
  if (grants.flags.length > 0) {
    await db.execute(
      sql`insert into user_flags (user_id, flag) values ${sql.join(
        grants.flags.map((f) => sql`(${id}, ${f})`),
        sql`, `,
      )}`,
    );
  }
}

/**
 * Soft-removes an account: it can no longer sign in, its sessions end now and its unused e-mail
 * links stop working; the row stays so that its audit history keeps its subject.
 */
export async function markRemoved(db: Db, id: string) {
  await db.execute(sql`update users set removed_at = now() where id = ${id}`);
  await endSessionsAndCodes(db, id);
}

/** Ends every session of the account and voids every unused e-mail link (confirm and reset codes). */
export async function endSessionsAndCodes(db: Db, id: string) {
  await db.execute(sql`update sessions set revoked_at = now() where user_id = ${id} and revoked_at is null`);
  await db.execute(sql`update user_codes set used_at = now() where user_id = ${id} and used_at is null`);
}
