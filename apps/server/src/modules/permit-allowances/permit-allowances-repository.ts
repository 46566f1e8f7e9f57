import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type RowOf, selectRows } from '../../db/rows.js';
import type { permitAllowances } from '../../db/schema.js';

type StoredAllowance = RowOf<typeof permitAllowances>;

/** A site's or group's allowances under short names, typed from schema.ts (null: unlimited). */
export interface AllowanceRow {
  number: StoredAllowance['site_or_group_number'];
  temporary: StoredAllowance['temporary_allowance'];
  permanent: StoredAllowance['permanent_allowance'];
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
