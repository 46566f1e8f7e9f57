import type { PermitHistory, PermitKey } from '@client-portal/contract';
import type { Queries } from '../../../db/kysely.js';
import { notFound } from '../../../plugins/problem.js';
import type { Principal } from '../../access/index.js';
import { findStoredPermit } from '../edit/permit-edit-repository.js';
import { readPermitHistory } from './permit-events-repository.js';

/** A permit's history within the reach its page has (policy.permitChangeableWhere); else a 404. */
export async function permitHistoryFor(
  queries: Queries,
  principal: Principal,
  key: PermitKey,
): Promise<PermitHistory> {
  const permit = await findStoredPermit(queries, principal, key);
  if (!permit) throw notFound('There is no such permit.');
  return readPermitHistory(queries, permit.id);
}
