import { isSiteGroupNumber, type Page, type PageQuery } from '@client-portal/contract';
import { type ExpressionBuilder, type InferResult, sql } from 'kysely';
import type { DB } from '../../db/database-types.js';
import { toPage, withoutKeys } from '../../db/keyset.js';
import {
  type ColumnKeysetClauses,
  type ColumnKeysetOrder,
  columnKeysetClauses,
  keysetParts,
} from '../../db/keyset-queries.js';
import type { Queries } from '../../db/kysely.js';
import { type Principal, policy } from '../access/index.js';

/** The users table under the alias `u`, as the policy's conditions over accounts need it. */
type Accounts = ExpressionBuilder<DB & { u: DB['users'] }, 'u'>;

/** The accounts (users as `u`) with the columns an account row has, under plain names. */
const accounts = (db: Queries) =>
  db.selectFrom('users as u').select((eb) => [
    'u.id',
    'u.email',
    'u.email_confirmed as emailConfirmed',
    'u.access_all_sites as accessAllSites',
    sql<boolean>`${eb.ref('u.removed_at')} is not null`.as('removed'),
    // Deactivated (decision 46): kept with its grants, never signed into until activated again.
    sql<boolean>`${eb.ref('u.deactivated_at')} is null`.as('active'),
    // A shadow (decision 0026): never shown as such, it only decides which mail goes where.
    'u.address_held_elsewhere as addressHeldElsewhere',
  ]);

/** An account as the repository reads it. */
export type AccountRow = InferResult<ReturnType<typeof accounts>>[number];

export interface AccountFilter {
  state?: 'confirmed' | 'unconfirmed';
  siteNumbers: string[];
  emailAddress?: string;
  /** The whole address, compared case-insensitively (SCIM's `userName eq`). */
  userName?: string;
}

/** The conditions of the account list: live, manageable by the caller, matching the filters. */
function accountListWhere(eb: Accounts, principal: Principal, filter: AccountFilter) {
  const conditions = [eb('u.removed_at', 'is', null), policy.accountManageableWhere(principal)];
  if (filter.state) conditions.push(eb('u.email_confirmed', '=', filter.state === 'confirmed'));
  if (filter.emailAddress) {
    conditions.push(sql<boolean>`position(lower(${filter.emailAddress}) in lower(${eb.ref('u.email')})) > 0`);
  }
  if (filter.userName !== undefined) {
    conditions.push(eb(eb.fn('lower', ['u.email']), '=', eb.fn('lower', [eb.val(filter.userName)])));
  }
  if (filter.siteNumbers.length > 0) {
    // An account matches a site or group it holds, or reaches through a group, or that contains its site.
    const f = eb.val(filter.siteNumbers);
    conditions.push(
      eb.or([
        eb.ref('u.access_all_sites'),
        eb.exists(
          eb
            .selectFrom('user_access as a')
            .select(eb.lit(1).as('one'))
            .whereRef('a.user_id', '=', 'u.id')
            .where((eb) =>
              eb.or([
                eb(eb.fn.coalesce('a.site_number', 'a.group_number'), '=', eb.fn.any(f)),
                eb.exists(
                  eb
                    .selectFrom('site_group_members as m')
                    .select(eb.lit(1).as('one'))
                    .where((eb) =>
                      eb.or([
                        eb.and([
                          eb('m.group_number', '=', eb.ref('a.group_number')),
                          eb('m.site_number', '=', eb.fn.any(f)),
                        ]),
                        eb.and([
                          eb('m.site_number', '=', eb.ref('a.site_number')),
                          eb('m.group_number', '=', eb.fn.any(f)),
                        ]),
                      ]),
                    ),
                ),
              ]),
            ),
        ),
      ]),
    );
  }
  return eb.and(conditions);
}

/** The account list's order: by email (case-insensitively), then id. */
const accountOrder = (desc: boolean): ColumnKeysetOrder => ({
  key: { column: 'email_key', type: 'text' },
  id: { column: 'id', type: 'uuid' },
  desc,
});

/** The statements of this repository, built but not run: what user-accounts-repository.sql shows. */
export const userAccountsQueries = {
  /** One page of the account list, read over the accounts with their sort key (`x`). */
  page: (
    db: Queries,
    principal: Principal,
    filter: AccountFilter,
    order: ColumnKeysetOrder,
    clauses: ColumnKeysetClauses,
  ) => {
    const keyset = keysetParts('x', order, clauses);
    const listed = accounts(db)
      .select((eb) => eb.fn<string>('lower', ['u.email']).as('email_key'))
      .where((eb) => accountListWhere(eb, principal, filter));
    return db
      .selectFrom(listed.as('x'))
      .select([
        'x.id',
        'x.email',
        'x.emailConfirmed',
        'x.accessAllSites',
        'x.removed',
        'x.active',
        'x.addressHeldElsewhere',
      ])
      .select(keyset.keyColumns)
      .where(keyset.where)
      .$call(keyset.paged);
  },

  count: (db: Queries, principal: Principal, filter: AccountFilter) =>
    db
      .selectFrom('users as u')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where((eb) => accountListWhere(eb, principal, filter)),

  manageable: (
    db: Queries,
    principal: Principal,
    id: string,
    options: { includeRemoved?: boolean; forUpdate?: boolean } = {},
  ) =>
    accounts(db)
      .where('u.id', '=', id)
      .$if(!options.includeRemoved, (q) => q.where('u.removed_at', 'is', null))
      .where(policy.accountManageableWhere(principal))
      .$if(options.forUpdate === true, (q) => q.forUpdate('u')),

  access: (db: Queries, userIds: string[]) =>
    db
      .selectFrom('user_access')
      .select((eb) => ['user_id', eb.fn.coalesce('site_number', 'group_number').as('number')])
      .where((eb) => eb('user_id', '=', eb.fn.any(eb.val(userIds))))
      .orderBy(sql.lit(2)),

  roles: (db: Queries, userIds: string[]) =>
    db
      .selectFrom('user_roles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select(['ur.user_id', 'r.id', 'r.name'])
      .where((eb) => eb('ur.user_id', '=', eb.fn.any(eb.val(userIds))))
      .orderBy((eb) => eb.fn('lower', ['r.name'])),

  flags: (db: Queries, userIds: string[]) =>
    db
      .selectFrom('user_flags')
      .select(['user_id', 'flag'])
      .where((eb) => eb('user_id', '=', eb.fn.any(eb.val(userIds))))
      .orderBy('flag'),

  sites: (db: Queries, numbers: string[]) =>
    db
      .selectFrom('sites')
      .select('site_number as number')
      .where((eb) => eb('site_number', '=', eb.fn.any(eb.val(numbers)))),

  groups: (db: Queries, numbers: string[]) =>
    db
      .selectFrom('site_groups as g')
      .leftJoin('site_group_members as m', 'm.group_number', 'g.group_number')
      .select((eb) => [
        'g.group_number as number',
        eb.fn
          .coalesce(
            eb.fn.jsonAgg(eb.ref('m.site_number')).filterWhere('m.site_number', 'is not', null),
            sql<string[]>`'[]'::json`,
          )
          .as('members'),
      ])
      .where((eb) => eb('g.group_number', '=', eb.fn.any(eb.val(numbers))))
      .groupBy('g.group_number'),

  addressHolders: (db: Queries, principal: Principal, email: string, exceptId?: string) =>
    db
      .selectFrom('users as u')
      .select((eb) => {
        const manageable = policy.accountManageableWhere(principal);
        return [
          eb.fn.coalesce(eb.fn.agg<boolean | null>('bool_or', [manageable]), eb.lit(false)).as('inReach'),
          eb.fn
            .coalesce(
              eb.fn.agg<boolean | null>('bool_or', [
                eb.and([eb.not(eb.ref('u.address_held_elsewhere')), eb.not(manageable)]),
              ]),
              eb.lit(false),
            )
            .as('heldElsewhere'),
        ];
      })
      .where((eb) => eb(eb.fn('lower', ['u.email']), '=', eb.fn('lower', [eb.val(email)])))
      .where('u.removed_at', 'is', null)
      .$if(exceptId !== undefined, (q) => q.where('u.id', '<>', exceptId!)),
};

/** One page of the live accounts the caller manages, matching the filters, by email; with the count. */
export async function pageManageableAccounts(
  db: Queries,
  principal: Principal,
  filter: AccountFilter,
  page: Pick<PageQuery, 'direction' | 'after' | 'before' | 'skip'>,
  limit?: number,
): Promise<Page<AccountRow>> {
  const order = accountOrder(page.direction === 'desc');
  const clauses = columnKeysetClauses(order, page, limit);
  const [rows, count] = await Promise.all([
    userAccountsQueries.page(db, principal, filter, order, clauses).execute(),
    userAccountsQueries.count(db, principal, filter).executeTakeFirst(),
  ]);
  return toPage(rows, clauses, Number(count?.total ?? 0), withoutKeys);
}

/** One account if the caller manages it (removed accounts only when asked, for their history). */
export async function findManageableAccount(
  db: Queries,
  principal: Principal,
  id: string,
  options: { includeRemoved?: boolean; forUpdate?: boolean } = {},
): Promise<AccountRow | null> {
  const row = await userAccountsQueries.manageable(db, principal, id, options).executeTakeFirst();
  return row ?? null;
}

interface AccountDetails {
  access: Map<string, string[]>;
  roles: Map<string, { applicationRoleId: number; name: string }[]>;
  flags: Map<string, string[]>;
}

/** Access numbers, roles (by name) and flags of these accounts. */
export async function loadAccountDetails(db: Queries, userIds: string[]): Promise<AccountDetails> {
  const details: AccountDetails = { access: new Map(), roles: new Map(), flags: new Map() };
  if (userIds.length === 0) return details;
  const [access, roles, flags] = await Promise.all([
    userAccountsQueries.access(db, userIds).execute(),
    userAccountsQueries.roles(db, userIds).execute(),
    userAccountsQueries.flags(db, userIds).execute(),
  ]);
  const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
    const list = map.get(key) ?? [];
    list.push(value);
    map.set(key, list);
  };
  // Every access entry names a site or a group (a check constraint): the number is never null.
  for (const a of access) if (a.number !== null) push(details.access, a.user_id, a.number);
  for (const r of roles) push(details.roles, r.user_id, { applicationRoleId: r.id, name: r.name });
  for (const f of flags) push(details.flags, f.user_id, f.flag);
  return details;
}

/** The sites and groups among these numbers that exist, groups with their member sites. */
export async function resolveSitesAndGroups(db: Queries, numbers: string[]) {
  const [sites, groups] = await Promise.all([
    userAccountsQueries.sites(db, numbers).execute(),
    userAccountsQueries.groups(db, numbers).execute(),
  ]);
  // The members' aggregate leaves out nulls (`filter (where …)`); its type cannot say so.
  return {
    sites: new Set(sites.map((s) => s.number)),
    groups: new Map(groups.map((g) => [g.number, g.members.filter((m) => m !== null)])),
  };
}

/**
 * Who else holds this address, among live accounts other than `exceptId` (decision 0026):
 * `inReach` when the caller manages one of them (a shadow of theirs included: they see it in their
 * list), `heldElsewhere` when a usable account (not a shadow) out of their reach holds it. Another
 * manager's shadow holds nothing and counts for neither.
 */
export async function addressHolders(
  db: Queries,
  principal: Principal,
  email: string,
  exceptId?: string,
): Promise<{ inReach: boolean; heldElsewhere: boolean }> {
  const row = await userAccountsQueries.addressHolders(db, principal, email, exceptId).executeTakeFirst();
  return row ?? { inReach: false, heldElsewhere: false };
}

export async function insertAccount(
  db: Queries,
  account: { email: string; accessAllSites: boolean; addressHeldElsewhere: boolean },
) {
  const row = await db
    .insertInto('users')
    .values({
      email: account.email,
      email_confirmed: false,
      access_all_sites: account.accessAllSites,
      address_held_elsewhere: account.addressHeldElsewhere,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAccountRow(
  db: Queries,
  id: string,
  account: { email: string; accessAllSites: boolean; emailConfirmed: boolean; addressHeldElsewhere: boolean },
) {
  await db
    .updateTable('users')
    .set({
      email: account.email,
      access_all_sites: account.accessAllSites,
      email_confirmed: account.emailConfirmed,
      address_held_elsewhere: account.addressHeldElsewhere,
    })
    .where('id', '=', id)
    .execute();
}

/** Replaces the account's roles, access entries and flags with these. */
export async function replaceGrants(
  db: Queries,
  id: string,
  grants: { roleIds: number[]; access: string[]; flags: string[] },
) {
  await db.deleteFrom('user_roles').where('user_id', '=', id).execute();
  await db.deleteFrom('user_access').where('user_id', '=', id).execute();
  await db.deleteFrom('user_flags').where('user_id', '=', id).execute();
  if (grants.roleIds.length > 0) {
    await db
      .insertInto('user_roles')
      .values(grants.roleIds.map((r) => ({ user_id: id, role_id: r })))
      .execute();
  }
  if (grants.access.length > 0) {
    await db
      .insertInto('user_access')
      .values(
        grants.access.map((a) =>
          isSiteGroupNumber(a)
            ? { user_id: id, site_number: null, group_number: a }
            : { user_id: id, site_number: a, group_number: null },
        ),
      )
      .execute();
  }
  if (grants.flags.length > 0) {
    await db
      .insertInto('user_flags')
      .values(grants.flags.map((f) => ({ user_id: id, flag: f })))
      .execute();
  }
}

/**
 * Soft-removes an account: it can no longer sign in, its sessions end now and its unused email
 * links stop working; the row stays so that its audit history keeps its subject.
 */
export async function markRemoved(db: Queries, id: string) {
  await db.updateTable('users').set({ removed_at: sql`now()` }).where('id', '=', id).execute();
  await endSessionsAndCodes(db, id);
}

/**
 * Deactivates an account (its sessions end and its unused e-mail links stop working) or activates it
 * again (decision 46). Only a change is written: the answer says whether there was one.
 */
export async function setDeactivated(db: Queries, id: string, deactivated: boolean): Promise<boolean> {
  const changed = await db
    .updateTable('users')
    .set({ deactivated_at: deactivated ? sql<Date>`now()` : null })
    .where('id', '=', id)
    .where('deactivated_at', deactivated ? 'is' : 'is not', null)
    .executeTakeFirst();
  if (changed.numUpdatedRows === 0n) return false;
  if (deactivated) await endSessionsAndCodes(db, id);
  return true;
}

/** Ends every session of the account and voids every unused email link (confirm and reset codes). */
export async function endSessionsAndCodes(db: Queries, id: string) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('user_codes')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', id)
    .where('used_at', 'is', null)
    .execute();
}
