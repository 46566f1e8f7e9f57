import type { PermitAllowance } from '@client-portal/contract';
import type { Queries } from '../../db/kysely.js';
import { FieldErrors } from '../../plugins/problem.js';
import type { Principal } from '../access/index.js';
import { recordAudit } from '../audit/index.js';
import { findSiteOrGroupInReach } from '../sites/index.js';
import { type AllowanceRow, readAllowances, writeAllowance } from './permit-allowances-repository.js';

const toContract = (number: string, row: AllowanceRow | undefined): PermitAllowance => ({
  site_SiteGroupNumber: number,
  temporaryAllowance: row?.temporary ?? null,
  permanentAllowance: row?.permanent ?? null,
});

/** The site or group when it exists and the caller reaches it; otherwise a 404, as if it did not exist. */
const reachable = (db: Queries, principal: Principal, number: string) =>
  findSiteOrGroupInReach(db, principal, number, `Site or site group ${number} was not found.`);

/** The lock order of allowance rows: by number, as PostgreSQL's "C" collation would sort them. */
function compareNumbers(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A site's row; for a group, the group's own row followed by one per member site. */
export async function loadAllowances(
  db: Queries,
  principal: Principal,
  number: string,
): Promise<PermitAllowance[]> {
  const target = await reachable(db, principal, number);
  const numbers = [number, ...(target.kind === 'group' ? target.members : [])];
  const stored = await readAllowances(db, numbers);
  return numbers.map((n) => toContract(n, stored.get(n)));
}

/**
 * Stores every row in one transaction, or none: a duplicate number is a validation error and an unknown
 * or unreachable one a 404, both before anything is written. One audit event records the change.
 */
export async function saveAllowances(
  db: Queries,
  principal: Principal,
  rows: readonly PermitAllowance[],
): Promise<PermitAllowance[]> {
  const errors = new FieldErrors();
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (seen.has(row.site_SiteGroupNumber)) {
      errors.add(`${index}.site_SiteGroupNumber`, 'Each site or site group may appear only once.');
    }
    seen.add(row.site_SiteGroupNumber);
  });
  errors.throwIfAny();

  // Rows are written (and so locked) in one fixed order, whatever order the request names them in:
  // two changes naming the same sites in different orders then wait for each other, never deadlock.
  const inLockOrder = [...rows].sort((a, b) =>
    compareNumbers(a.site_SiteGroupNumber, b.site_SiteGroupNumber),
  );
  return db.transaction().execute(async (queries) => {
    for (const row of rows) await reachable(queries, principal, row.site_SiteGroupNumber);
    const numbers = rows.map((r) => r.site_SiteGroupNumber);
    const before = await readAllowances(queries, numbers);
    for (const row of inLockOrder) {
      await writeAllowance(queries, {
        number: row.site_SiteGroupNumber,
        temporary: row.temporaryAllowance,
        permanent: row.permanentAllowance,
      });
    }
    const actor = { userId: principal.userId, email: principal.email };
    await recordAudit(queries, {
      subject: actor,
      actor,
      type: 'PermitAllowancesChanged',
      description: `Changed the permit allowances of ${numbers.join(', ')}.`,
      details: {
        changes: rows.map((row) => ({
          before: toContract(row.site_SiteGroupNumber, before.get(row.site_SiteGroupNumber)),
          after: row,
        })),
      },
    });
    const after = await readAllowances(queries, numbers);
    return numbers.map((n) => toContract(n, after.get(n)));
  });
}
