import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type RowOf, selectRows } from '../../db/rows.js';
import type { roleFeatures, roles, sites, userFlags, users } from '../../db/schema.js';

type StoredRole = RowOf<typeof roles>;

export interface RoleRecord {
  id: StoredRole['id'];
  name: StoredRole['name'];
  parentId: StoredRole['parent_id'];
  features: RowOf<typeof roleFeatures>['feature'][];
  /** The owning client company; null for a global (operator) role. */
  companyId: StoredRole['company_id'];
}

/** Every role with its features (sorted), by name. */
export async function listRoles(db: Db): Promise<RoleRecord[]> {
  const rows = await selectRows<
    Pick<StoredRole, 'id' | 'name' | 'parent_id' | 'company_id'> & { features: RoleRecord['features'] }
  >(
    db,
    sql`select r.id, r.name, r.parent_id, r.company_id,
               coalesce(json_agg(rf.feature order by rf.feature) filter (where rf.feature is not null), '[]'::json)
                 as features
        from roles r left join role_features rf on rf.role_id = r.id
        group by r.id order by lower(r.name), r.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    parentId: r.parent_id,
    features: r.features,
    companyId: r.company_id,
  }));
}

/**
 * The client company whose sites and groups these are, or null when they span several companies
 * (or none): such a user owns no roles.
 */
export async function companyOfAccess(db: Db, siteNumbers: string[], groupNumbers: string[]) {
  const values = (list: string[]) =>
    list.length === 0
      ? sql`null`
      : sql.join(
          list.map((v) => sql`${v}`),
          sql`, `,
        );
  const rows = await selectRows<Pick<RowOf<typeof sites>, 'company_id'>>(
    db,
    sql`select company_id from sites where site_number in (${values(siteNumbers)})
        union select company_id from site_groups where group_number in (${values(groupNumbers)})`,
  );
  return rows.length === 1 ? (rows[0]!.company_id ?? null) : null;
}

/**
 * Is the name taken (case-insensitively) by another role of the same owner? Each client company names
 * its roles in its own namespace and the operator (companyId null) in theirs, so that no client learns
 * another's role names.
 */
export async function roleNameTaken(
  db: Db,
  name: string,
  companyId: number | null,
  exceptId?: number,
): Promise<boolean> {
  const rows = await selectRows<Pick<StoredRole, 'id'>>(
    db,
    sql`select id from roles where lower(name) = lower(${name}) and company_id is not distinct from ${companyId}
        and id <> ${exceptId ?? -1} limit 1`,
  );
  return rows.length > 0;
}

export async function insertRole(
  db: Db,
  role: { name: string; parentId: number; features: string[]; companyId: number | null },
) {
  const [row] = await selectRows<Pick<StoredRole, 'id'>>(
    db,
    sql`insert into roles (name, parent_id, company_id) values (${role.name}, ${role.parentId}, ${role.companyId})
        returning id`,
  );
  await replaceRoleFeatures(db, row!.id, role.features);
  return row!.id;
}

export async function updateRoleRow(db: Db, id: number, role: { name: string; features: string[] }) {
  await db.execute(sql`update roles set name = ${role.name} where id = ${id}`);
  await replaceRoleFeatures(db, id, role.features);
}

async function replaceRoleFeatures(db: Db, id: number, features: string[]) {
  await db.execute(sql`delete from role_features where role_id = ${id}`);
  if (features.length === 0) return;
  await db.execute(
    sql`insert into role_features (role_id, feature) values ${sql.join(
      features.map((f) => sql`(${id}, ${f})`),
      sql`, `,
    )}`,
  );
}

/** How many live accounts hold the role. */
export async function countLiveHolders(db: Db, id: number): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from user_roles ur join users u on u.id = ur.user_id
        where ur.role_id = ${id} and u.removed_at is null`,
  );
  return row?.n ?? 0;
}

/**
 * Deletes a role nobody live holds. Removed accounts' links to it go too: their history is in the
 * audit trail, and the foreign key would otherwise keep the role forever.
 */
export async function deleteRole(db: Db, id: number) {
  await db.execute(
    sql`delete from user_roles where role_id = ${id}
        and user_id in (select id from users where removed_at is not null)`,
  );
  await db.execute(sql`delete from roles where id = ${id}`);
}

/** Live holders of a role, with their flags and the union of all their roles' features. */
export async function holdersWithFlags(db: Db, roleId: number) {
  return selectRows<
    Pick<RowOf<typeof users>, 'id' | 'email'> & {
      flags: RowOf<typeof userFlags>['flag'][];
      features: RoleRecord['features'];
    }
  >(
    db,
    sql`select u.id, u.email,
               coalesce((select json_agg(uf.flag order by uf.flag) from user_flags uf where uf.user_id = u.id),
                        '[]'::json) as flags,
               coalesce((select json_agg(distinct rf.feature) from user_roles ur2
                           join role_features rf on rf.role_id = ur2.role_id where ur2.user_id = u.id),
                        '[]'::json) as features
        from users u join user_roles ur on ur.user_id = u.id
        where ur.role_id = ${roleId} and u.removed_at is null`,
  );
}
