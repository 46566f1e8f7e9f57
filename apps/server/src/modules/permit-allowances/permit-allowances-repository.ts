import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type RowOf, selectRows } from '../../db/rows.js';
import type { permitAllowances, siteGroupMembers, sites } from '../../db/schema.js';

type StoredAllowance = RowOf<typeof permitAllowances>;

/** A site's or group's allowances under short names, typed from schema.ts (null: unlimited). */
export interface AllowanceRow {
  number: StoredAllowance['site_or_group_number'];
  temporary: StoredAllowance['temporary_allowance'];
  permanent: StoredAllowance['permanent_allowance'];
}

/** A site (no members) or a site group with its member sites by number; null when neither exists. */
export interface SiteOrGroup {
  number: string;
  isGroup: boolean;
  members: string[];
}

export async function findSiteOrGroup(db: Db, number: string): Promise<SiteOrGroup | null> {
  if (number.startsWith('SG')) {
    const rows = await selectRows<{ member: RowOf<typeof siteGroupMembers>['site_number'] | null }>(
      db,
      sql`select m.site_number as member from site_groups g
          left join site_group_members m on m.group_number = g.group_number
          where g.group_number = ${number} order by m.site_number`,
    );
    if (rows.length === 0) return null;
    return { number, isGroup: true, members: rows.flatMap((r) => (r.member ? [r.member] : [])) };
  }
  const rows = await selectRows<{ n: RowOf<typeof sites>['site_number'] }>(
    db,
    sql`select site_number as n from sites where site_number = ${number}`,
  );
  return rows.length === 0 ? null : { number, isGroup: false, members: [] };
}

/** Stored allowances of these numbers; a number without a row is unlimited on both. */
export async function readAllowances(db: Db, numbers: readonly string[]): Promise<Map<string, AllowanceRow>> {
  if (numbers.length === 0) return new Map();
  const rows = await selectRows<AllowanceRow>(
    db,
    sql`select site_or_group_number as number, temporary_allowance as temporary, permanent_allowance as permanent
        from permit_allowances where site_or_group_number in (${sql.join(
          numbers.map((n) => sql`${n}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [r.number, r]));
}

/** Stores a row, or removes it when both values are unlimited (no row means unlimited). */
export async function writeAllowance(db: Db, row: AllowanceRow): Promise<void> {
  if (row.temporary === null && row.permanent === null) {
    await db.execute(sql`delete from permit_allowances where site_or_group_number = ${row.number}`);
    return;
  }
  await db.execute(
    sql`insert into permit_allowances (site_or_group_number, temporary_allowance, permanent_allowance)
        values (${row.number}, ${row.temporary}, ${row.permanent})
        on conflict (site_or_group_number) do update
        set temporary_allowance = excluded.temporary_allowance,
            permanent_allowance = excluded.permanent_allowance`,
  );
}
