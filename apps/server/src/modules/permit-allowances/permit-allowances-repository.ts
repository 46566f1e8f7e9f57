import type { PermitAllowances } from '../../db/database-types.js';
import type { Queries } from '../../db/kysely.js';

/** A site's or group's allowances under short names, typed from the generated DB (null: unlimited). */
export interface AllowanceRow {
  number: PermitAllowances['site_or_group_number'];
  temporary: PermitAllowances['temporary_allowance'];
  permanent: PermitAllowances['permanent_allowance'];
}

/** The statements of this repository, built but not run: what permit-allowances-repository.sql shows. */
export const permitAllowancesQueries = {
  read: (db: Queries, numbers: readonly string[]) =>
    db
      .selectFrom('permit_allowances')
      .select([
        'site_or_group_number as number',
        'temporary_allowance as temporary',
        'permanent_allowance as permanent',
      ])
      .where((eb) => eb('site_or_group_number', '=', eb.fn.any(eb.val([...numbers])))),

  remove: (db: Queries, number: string) =>
    db.deleteFrom('permit_allowances').where('site_or_group_number', '=', number),

  upsert: (db: Queries, row: AllowanceRow) =>
    db
      .insertInto('permit_allowances')
      .values({
        site_or_group_number: row.number,
        temporary_allowance: row.temporary,
        permanent_allowance: row.permanent,
      })
      .onConflict((oc) =>
        oc.column('site_or_group_number').doUpdateSet((eb) => ({
          temporary_allowance: eb.ref('excluded.temporary_allowance'),
          permanent_allowance: eb.ref('excluded.permanent_allowance'),
        })),
      ),
};

/** Stored allowances of these numbers; a number without a row is unlimited on both. */
export async function readAllowances(
  queries: Queries,
  numbers: readonly string[],
): Promise<Map<string, AllowanceRow>> {
  if (numbers.length === 0) return new Map();
  const rows = await permitAllowancesQueries.read(queries, numbers).execute();
  return new Map(rows.map((r) => [r.number, r]));
}

/** Stores a row, or removes it when both values are unlimited (no row means unlimited). */
export async function writeAllowance(db: Queries, row: AllowanceRow): Promise<void> {
  if (row.temporary === null && row.permanent === null) {
    await permitAllowancesQueries.remove(db, row.number).execute();
    return;
  }
  await permitAllowancesQueries.upsert(db, row).execute();
}
