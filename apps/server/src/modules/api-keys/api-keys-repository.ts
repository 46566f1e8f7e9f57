import type { ApiKeyState, Page, PageQuery } from '@client-portal/contract';
import { type ExpressionBuilder, type InferResult, sql } from 'kysely';
import type { DB } from '../../db/database-types.js';
import { toPage, withoutKeys } from '../../db/keyset.js';
import {
  type ColumnKeysetClauses,
  type ColumnKeysetOrder,
  columnKeysetClauses,
  keysetParts,
} from '../../db/keyset-queries.js';
import { isoTextOf, type Queries } from '../../db/kysely.js';
import { policy, type RoleViewer } from '../access/index.js';

/** The api_keys table under the alias `k`, as the policy's condition over keys needs it. */
type Keys = ExpressionBuilder<DB & { k: DB['api_keys'] }, 'k'>;

/** The keys (as `k`) with what a listed key shows: its company's name and its creator's address. */
const keys = (db: Queries) =>
  db
    .selectFrom('api_keys as k')
    .innerJoin('client_companies as c', 'c.id', 'k.company_id')
    .innerJoin('users as u', 'u.id', 'k.created_by')
    .leftJoin('roles as sr', 'sr.id', 'k.scim_role_id')
    .select((eb) => [
      'k.id',
      'k.name',
      'k.last_four as lastFour',
      'c.name as companyName',
      'u.email as createdBy',
      'k.created_by as createdById',
      'k.features',
      'k.access',
      isoTextOf(eb.ref('k.created_at')).as('createdAt'),
      isoTextOf(eb.ref('k.expires_at')).as('expiresAt'),
      isoTextOf(eb.ref('k.last_used_at')).as('lastUsedAt'),
      isoTextOf(eb.ref('k.revoked_at')).as('revokedAt'),
      sql<boolean>`${eb.ref('k.expires_at')} <= now()`.as('expired'),
      'k.scim_role_id as scimRoleId',
      'sr.name as scimRoleName',
      'k.scim_access as scimAccess',
    ]);

/** A key as the repository reads it. */
export type ApiKeyRow = InferResult<ReturnType<typeof keys>>[number];

/** A key's state at the database's now: revoked wins over expired. */
function stateWhere(eb: Keys, state: ApiKeyState) {
  if (state === 'revoked') return eb('k.revoked_at', 'is not', null);
  const live = eb('k.revoked_at', 'is', null);
  return eb.and([live, eb('k.expires_at', state === 'active' ? '>' : '<=', sql<Date>`now()`)]);
}

function listWhere(eb: Keys, viewer: RoleViewer, state: ApiKeyState | undefined) {
  const visible = policy.apiKeyVisibleWhere(viewer);
  return state ? eb.and([visible, stateWhere(eb, state)]) : visible;
}

/** The list's order: newest first by default (descending creation time), then id. */
const keyOrder = (desc: boolean): ColumnKeysetOrder => ({
  key: { column: 'created_key', type: 'timestamptz' },
  id: { column: 'id', type: 'uuid' },
  desc,
});

/** The statements of this repository, built but not run: what api-keys-repository.sql shows. */
export const apiKeysQueries = {
  page: (
    db: Queries,
    viewer: RoleViewer,
    state: ApiKeyState | undefined,
    order: ColumnKeysetOrder,
    clauses: ColumnKeysetClauses,
  ) => {
    const keyset = keysetParts('x', order, clauses);
    const listed = keys(db)
      .select('k.created_at as created_key')
      .where((eb) => listWhere(eb, viewer, state));
    return db
      .selectFrom(listed.as('x'))
      .select([
        'x.id',
        'x.name',
        'x.lastFour',
        'x.companyName',
        'x.createdBy',
        'x.createdById',
        'x.features',
        'x.access',
        'x.createdAt',
        'x.expiresAt',
        'x.lastUsedAt',
        'x.revokedAt',
        'x.expired',
        'x.scimRoleId',
        'x.scimRoleName',
        'x.scimAccess',
      ])
      .select(keyset.keyColumns)
      .where(keyset.where)
      .$call(keyset.paged);
  },

  count: (db: Queries, viewer: RoleViewer, state: ApiKeyState | undefined) =>
    db
      .selectFrom('api_keys as k')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where((eb) => listWhere(eb, viewer, state)),

  /** One key the viewer sees, locked for its revocation. */
  visibleForUpdate: (db: Queries, viewer: RoleViewer, id: string) =>
    keys(db).where('k.id', '=', id).where(policy.apiKeyVisibleWhere(viewer)).forUpdate('k'),

  insert: (
    db: Queries,
    key: {
      companyId: number;
      createdBy: string;
      name: string;
      tokenHash: string;
      lastFour: string;
      features: string[];
      access: string[];
      expiresAt: Date;
      /** SCIM (decision 46): the mapping of a key holding Users.Add. */
      scimRoleId: number | null;
      scimAccess: string[];
    },
  ) =>
    db
      .insertInto('api_keys')
      .values({
        company_id: key.companyId,
        created_by: key.createdBy,
        name: key.name,
        token_hash: key.tokenHash,
        last_four: key.lastFour,
        features: key.features,
        access: key.access,
        expires_at: key.expiresAt,
        scim_role_id: key.scimRoleId,
        scim_access: key.scimAccess,
      })
      .returning('id'),

  revoke: (db: Queries, id: string, by: string) =>
    db
      .updateTable('api_keys')
      .set({ revoked_at: sql<Date>`now()`, revoked_by: by })
      .where('id', '=', id)
      .where('revoked_at', 'is', null),

  /**
   * The key's last use, written only when the one stored is a minute old or more: two processes
   * noting the same minute write once, and the one that wrote records the use in the audit trail.
   */
  noteUse: (db: Queries, id: string) =>
    db
      .updateTable('api_keys')
      .set({ last_used_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb('last_used_at', 'is', null),
          eb('last_used_at', '<=', sql<Date>`now() - interval '1 minute'`),
        ]),
      )
      .returning(['name', 'last_four as lastFour']),
};

/** One page of the keys the viewer sees, newest first unless asked otherwise; with the count. */
export async function pageVisibleKeys(
  db: Queries,
  viewer: RoleViewer,
  state: ApiKeyState | undefined,
  page: Pick<PageQuery, 'direction' | 'after' | 'before' | 'skip'>,
): Promise<Page<ApiKeyRow>> {
  const order = keyOrder(page.direction !== 'asc');
  const clauses = columnKeysetClauses(order, page);
  const [rows, count] = await Promise.all([
    apiKeysQueries.page(db, viewer, state, order, clauses).execute(),
    apiKeysQueries.count(db, viewer, state).executeTakeFirst(),
  ]);
  return toPage(rows, clauses, Number(count?.total ?? 0), withoutKeys);
}

export async function findVisibleKeyForUpdate(db: Queries, viewer: RoleViewer, id: string) {
  return (await apiKeysQueries.visibleForUpdate(db, viewer, id).executeTakeFirst()) ?? null;
}
