import type { Permit, PermitKey } from '@client-portal/contract';
import type { Queries } from '../../../db/kysely.js';
import { type Principal, policy } from '../../access/index.js';
import { permitColumnRefs, presentPermit } from '../permit-presenter.js';

/** The statements of this repository, built but not run: what permit-expire-repository.sql shows. */
export const permitExpireQueries = {
  /** One permit of this type within the caller's reach (policy.permitChangeableWhere), locked when asked. */
  find: (queries: Queries, principal: Principal, key: PermitKey, forUpdate: boolean) =>
    queries
      .selectFrom('permits as p')
      .select(permitColumnRefs)
      .where('p.id', '=', key.permitId)
      .where('p.scope', '=', key.type)
      .where(policy.permitChangeableWhere(principal))
      .$if(forUpdate, (query) => query.forUpdate('p')),
  end: (queries: Queries, permitId: number, at: Date) =>
    queries
      .updateTable('permits as p')
      .set({ ended: at })
      .where('p.id', '=', permitId)
      .returning(permitColumnRefs),
};

/** One permit of this type within the caller's reach; `forUpdate` locks it until the transaction ends. */
export async function findPermit(
  queries: Queries,
  principal: Principal,
  key: PermitKey,
  options: { forUpdate?: boolean } = {},
): Promise<Permit | undefined> {
  const row = await permitExpireQueries
    .find(queries, principal, key, options.forUpdate ?? false)
    .executeTakeFirst();
  return row && presentPermit(row);
}

/** Ends a permit at `at` and answers it as stored. */
export async function endPermit(queries: Queries, permitId: number, at: Date): Promise<Permit> {
  const row = await permitExpireQueries.end(queries, permitId, at).executeTakeFirst();
  if (!row) throw new Error(`Permit ${permitId} vanished while locked`);
  return presentPermit(row);
}
