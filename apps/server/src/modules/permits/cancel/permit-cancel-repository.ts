import type { Permit } from '@client-portal/contract';
import { sql } from 'kysely';
import type { Queries } from '../../../db/kysely.js';
import { type Principal, policy } from '../../access/index.js';
import { permitColumnRefs, presentPermit } from '../permit-presenter.js';

/** The statements of this repository, built but not run: what permit-cancel-repository.sql shows. */
export const permitCancelQueries = {
  /** Ends permits at `at` and marks them cancelled (their planned end stays in their history). */
  cancel: (queries: Queries, permitIds: readonly number[], at: Date) =>
    queries
      .updateTable('permits as p')
      .set({ ended: at, cancelled_at: at })
      .where('p.id', '=', sql<number>`any(${[...permitIds]}::int[])`)
      .returning(permitColumnRefs),

  /** One bulk upload with who added and who took it back; locked when asked. */
  findUpload: (queries: Queries, uploadId: number, forUpdate: boolean) =>
    queries
      .selectFrom('permit_uploads as up')
      .leftJoin('users as adder', 'adder.id', 'up.created_by')
      .leftJoin('users as taker', 'taker.id', 'up.taken_back_by')
      .select([
        'up.id',
        'up.permit_count',
        'up.created_at',
        'up.taken_back_at',
        'adder.email as added_by',
        'taker.email as taken_back_by',
      ])
      .where('up.id', '=', uploadId)
      .$if(forUpdate, (query) => query.forUpdate('up')),

  /** How many of an upload's permits the caller may change (policy.permitChangeableWhere). */
  countChangeable: (queries: Queries, principal: Principal, uploadId: number) =>
    queries
      .selectFrom('permits as p')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('p.upload_id', '=', uploadId)
      .where(policy.permitChangeableWhere(principal)),

  /** An upload's permits in id order, locked (the one order every multi-permit change takes). */
  lockUploadPermits: (queries: Queries, uploadId: number) =>
    queries
      .selectFrom('permits as p')
      .select(permitColumnRefs)
      .where('p.upload_id', '=', uploadId)
      .orderBy('p.id')
      .forUpdate('p'),

  markUploadTakenBack: (queries: Queries, uploadId: number, by: string, at: Date) =>
    queries
      .updateTable('permit_uploads')
      .set({ taken_back_at: at, taken_back_by: by })
      .where('id', '=', uploadId),
};

/** Cancels these permits at `at` and answers them as stored, in id order. */
export async function cancelPermits(
  queries: Queries,
  permitIds: readonly number[],
  at: Date,
): Promise<Permit[]> {
  if (permitIds.length === 0) return [];
  const rows = await permitCancelQueries.cancel(queries, permitIds, at).execute();
  return rows.sort((a, b) => a.id - b.id).map(presentPermit);
}

/** A bulk upload as stored. */
export interface StoredUpload {
  id: number;
  permitCount: number;
  addedAt: Date;
  addedBy: string | null;
  takenBackAt: Date | null;
  takenBackBy: string | null;
}

export async function findUpload(
  queries: Queries,
  uploadId: number,
  options: { forUpdate?: boolean } = {},
): Promise<StoredUpload | undefined> {
  const row = await permitCancelQueries
    .findUpload(queries, uploadId, options.forUpdate ?? false)
    .executeTakeFirst();
  return (
    row && {
      id: Number(row.id),
      permitCount: row.permit_count,
      addedAt: new Date(row.created_at),
      addedBy: row.added_by,
      takenBackAt: row.taken_back_at === null ? null : new Date(row.taken_back_at),
      takenBackBy: row.taken_back_by,
    }
  );
}

export async function countChangeablePermitsOfUpload(
  queries: Queries,
  principal: Principal,
  uploadId: number,
): Promise<number> {
  const row = await permitCancelQueries
    .countChangeable(queries, principal, uploadId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function lockPermitsOfUpload(queries: Queries, uploadId: number): Promise<Permit[]> {
  const rows = await permitCancelQueries.lockUploadPermits(queries, uploadId).execute();
  return rows.map(presentPermit);
}

export async function markUploadTakenBack(
  queries: Queries,
  uploadId: number,
  by: string,
  at: Date,
): Promise<void> {
  await permitCancelQueries.markUploadTakenBack(queries, uploadId, by, at).execute();
}
