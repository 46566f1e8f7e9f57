import { type PageQuery, TABLE_PAGE_SIZE } from '@client-portal/contract';
import { type AliasedRawBuilder, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { batchesAfterCursors, type Cursor, pageDirection, type SortKeyType } from './keyset.js';

/**
 * Keyset paging (decision 10) for Kysely queries, with keyset.ts's cursors, over named columns of a
 * derived table (`x`), so the sort columns are checked against its row type.
 */
export interface ColumnSortKey<C extends string = string> {
  column: C;
  /** The type the cursor's text is cast to. */
  type: SortKeyType;
}

export interface ColumnKeysetOrder {
  key: ColumnSortKey;
  id: ColumnSortKey;
  desc: boolean;
}

/** One page's read: after which row (if any), in which direction, how many rows from where. */
export interface ColumnKeysetClauses {
  cursor: Cursor | undefined;
  /** Reading against the list's order: going back, or forward on a descending list. */
  backwards: boolean;
  /** The page was read backwards (going to an earlier page): its rows come back reversed. */
  reversed: boolean;
  limit: number;
  offset: number;
}

export function columnKeysetClauses(
  order: ColumnKeysetOrder,
  page: Pick<PageQuery, 'after' | 'before' | 'skip'>,
  limit: number = TABLE_PAGE_SIZE,
): ColumnKeysetClauses {
  return { ...pageDirection(order.desc, page), limit, offset: page.skip };
}

/** What a query over `alias` adds for one page: its keyset condition, ORDER BY and cursor columns. */
export interface KeysetParts {
  where: RawBuilder<boolean>;
  keyColumns: [AliasedRawBuilder<string | null, 'page_key'>, AliasedRawBuilder<string, 'page_id'>];
  /** ORDER BY key, then id, in the read's direction: `query.$call(keyset.ordered)`. */
  ordered<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;
  /** The page's order, LIMIT and OFFSET, for the read that answers the page: `query.$call(keyset.paged)`. */
  paged<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;
}

export function keysetParts(
  alias: string,
  order: ColumnKeysetOrder,
  clauses: ColumnKeysetClauses,
): KeysetParts {
  const key = sql.ref(`${alias}.${order.key.column}`);
  const id = sql.ref(`${alias}.${order.id.column}`);
  const cast = (value: string | null, type: SortKeyType) => sql`${value}::${sql.raw(type)}`;
  const direction = clauses.backwards ? 'desc' : 'asc';
  let where = sql<boolean>`true`;
  if (clauses.cursor) {
    const [value, idValue] = clauses.cursor;
    const operator = sql.raw(clauses.backwards ? '<' : '>');
    where = sql<boolean>`(${key}, ${id}) ${operator} (${cast(value, order.key.type)}, ${cast(idValue, order.id.type)})`;
  }
  const ordered = <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) =>
    query.orderBy(key, direction).orderBy(id, direction);
  return {
    where,
    ordered,
    paged: (query) => ordered(query).limit(clauses.limit).offset(clauses.offset),
    keyColumns: [sql<string | null>`(${key})::text`.as('page_key'), sql<string>`(${id})::text`.as('page_id')],
  };
}

/**
 * Every row a keyset query reaches, a batch at a time (each batch one indexed query after the last
 * row of the one before), reading the next batch while the caller handles this one.
 */
export function columnKeysetBatches<R extends { page_key: string | null; page_id: string }>(
  order: ColumnKeysetOrder,
  read: (clauses: ColumnKeysetClauses) => Promise<R[]>,
  batch: number,
): AsyncGenerator<R[]> {
  return batchesAfterCursors((after) => read(columnKeysetClauses(order, { after, skip: 0 }, batch)), batch);
}
