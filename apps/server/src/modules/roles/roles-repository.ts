import { sql } from 'kysely';
import type { Queries } from '../../db/kysely.js';

export interface RoleRecord {
  id: number;
  name: string;
  parentId: number | null;
  features: string[];
  /** The owning client company; null for a global (operator) role. */
  companyId: number | null;
}

/** The statements of this repository, built but not run: what roles-repository.sql shows. */
export const rolesQueries = {
  all: (db: Queries) =>
    db
      .selectFrom('roles as r')
      .leftJoin('role_features as rf', 'rf.role_id', 'r.id')
      .select((eb) => [
        'r.id',
        'r.name',
        'r.parent_id',
        'r.company_id',
        eb.fn
          .coalesce(
            eb.fn
              .jsonAgg(eb.ref('rf.feature'))
              .orderBy('rf.feature')
              .filterWhere('rf.feature', 'is not', null),
            sql<string[]>`'[]'::json`,
          )
          .as('features'),
      ])
      .groupBy('r.id')
      .orderBy((eb) => eb.fn('lower', ['r.name']))
      .orderBy('r.id'),

  companyOfAccess: (db: Queries, siteNumbers: string[], groupNumbers: string[]) =>
    db
      .selectFrom('sites')
      .select('company_id')
      .where((eb) => eb('site_number', '=', eb.fn.any(eb.val(siteNumbers))))
      .union((eb) =>
        eb
          .selectFrom('site_groups')
          .select('company_id')
          .where((eb) => eb('group_number', '=', eb.fn.any(eb.val(groupNumbers)))),
      ),

  nameTaken: (db: Queries, name: string, companyId: number | null, exceptId?: number) =>
    db
      .selectFrom('roles')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])))
      .where('company_id', 'is not distinct from', companyId)
      .where('id', '<>', exceptId ?? -1)
      .limit(1),

  lock: (db: Queries, id: number) => db.selectFrom('roles').select('id').where('id', '=', id).forUpdate(),

  liveHolderCount: (db: Queries, id: number) =>
    db
      .selectFrom('user_roles as ur')
      .innerJoin('users as u', 'u.id', 'ur.user_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('ur.role_id', '=', id)
      .where('u.removed_at', 'is', null),

  holdersWithFlags: (db: Queries, roleId: number) =>
    db
      .selectFrom('users as u')
      .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
      .select((eb) => [
        'u.id',
        'u.email',
        eb.fn
          .coalesce(
            eb
              .selectFrom('user_flags as uf')
              .select((eb) => eb.fn.jsonAgg(eb.ref('uf.flag')).orderBy('uf.flag').as('flags'))
              .whereRef('uf.user_id', '=', 'u.id'),
            sql<string[]>`'[]'::json`,
          )
          .as('flags'),
        eb.fn
          .coalesce(
            eb
              .selectFrom('user_roles as ur2')
              .innerJoin('role_features as rf', 'rf.role_id', 'ur2.role_id')
              .select((eb) => eb.fn.jsonAgg(eb.ref('rf.feature')).distinct().as('features'))
              .whereRef('ur2.user_id', '=', 'u.id'),
            sql<string[]>`'[]'::json`,
          )
          .as('features'),
      ])
      .where('ur.role_id', '=', roleId)
      .where('u.removed_at', 'is', null),
};

/** Every role with its features (sorted), by name. */
export async function listRoles(db: Queries): Promise<RoleRecord[]> {
  const rows = await rolesQueries.all(db).execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    parentId: r.parent_id,
    // The aggregate leaves out nulls (`filter (where …)`); its type cannot say so.
    features: r.features.filter((f) => f !== null),
    companyId: r.company_id,
  }));
}

/**
 * The client company whose sites and groups these are, or null when they span several companies
 * (or none): such a user owns no roles.
 */
export async function companyOfAccess(db: Queries, siteNumbers: string[], groupNumbers: string[]) {
  const rows = await rolesQueries.companyOfAccess(db, siteNumbers, groupNumbers).execute();
  return rows.length === 1 ? (rows[0]!.company_id ?? null) : null;
}

/**
 * Is the name taken (case-insensitively) by another role of the same owner? Each client company names
 * its roles in its own namespace and the operator (companyId null) in theirs, so that no client learns
 * another's role names.
 */
export async function roleNameTaken(
  db: Queries,
  name: string,
  companyId: number | null,
  exceptId?: number,
): Promise<boolean> {
  const rows = await rolesQueries.nameTaken(db, name, companyId, exceptId).execute();
  return rows.length > 0;
}

export async function insertRole(
  db: Queries,
  role: { name: string; parentId: number; features: string[]; companyId: number | null },
) {
  const row = await db
    .insertInto('roles')
    .values({ name: role.name, parent_id: role.parentId, company_id: role.companyId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceRoleFeatures(db, row.id, role.features);
  return row.id;
}

export async function updateRoleRow(db: Queries, id: number, role: { name: string; features: string[] }) {
  await db.updateTable('roles').set({ name: role.name }).where('id', '=', id).execute();
  await replaceRoleFeatures(db, id, role.features);
}

async function replaceRoleFeatures(db: Queries, id: number, features: string[]) {
  await db.deleteFrom('role_features').where('role_id', '=', id).execute();
  if (features.length === 0) return;
  await db
    .insertInto('role_features')
    .values(features.map((f) => ({ role_id: id, feature: f })))
    .execute();
}

/** Locks the role (inside a transaction) until it ends. */
export async function lockRole(db: Queries, id: number) {
  await rolesQueries.lock(db, id).execute();
}

/** How many live accounts hold the role. */
export async function countLiveHolders(db: Queries, id: number): Promise<number> {
  const row = await rolesQueries.liveHolderCount(db, id).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Deletes a role nobody live holds. Removed accounts' links to it go too: their history is in the
 * audit trail, and the foreign key would otherwise keep the role forever.
 */
export async function deleteRole(db: Queries, id: number) {
  await db
    .deleteFrom('user_roles')
    .where('role_id', '=', id)
    .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('removed_at', 'is not', null))
    .execute();
  await db.deleteFrom('roles').where('id', '=', id).execute();
}

/** Live holders of a role, with their flags and the union of all their roles' features. */
export async function holdersWithFlags(db: Queries, roleId: number) {
  return rolesQueries.holdersWithFlags(db, roleId).execute();
}

/** Takes these flags from the account. */
export async function deleteUserFlags(db: Queries, userId: string, flags: string[]) {
  await db
    .deleteFrom('user_flags')
    .where('user_id', '=', userId)
    .where((eb) => eb('flag', '=', eb.fn.any(eb.val(flags))))
    .execute();
}
