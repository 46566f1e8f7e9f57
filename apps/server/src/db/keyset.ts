import { type Page, type PageQuery, TABLE_PAGE_SIZE } from '@client-portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { validationFailed } from '../plugins/problem.js';
import type { Db } from './client.js';
import { selectRows } from './rows.js';

/** A column a list sorts on: its SQL (on the list's aliases) and the type its cursor text is cast to. */
export interface SortKey {
  expr: SQL;
  type: 'text' | 'timestamptz' | 'boolean' | 'integer' | 'bigint' | 'uuid';
}

/** Every sort is made total by the row's id, so pages never repeat or skip a row. */
export interface KeysetOrder {
  key: SortKey;
  id: SortKey;
  desc: boolean;
}

/** A decoded cursor: the sort value (as PostgreSQL's text) and the id of a row. */
export type Cursor = [string | null, string];

export function encodeCursor(value: string | null, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

export function decodeCursor(text: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      (parsed[0] === null || typeof parsed[0] === 'string') &&
      typeof parsed[1] === 'string'
    ) {
      return parsed as Cursor;
    }
  } catch {
    // falls through to the 400 below
  }
  throw validationFailed({ after: ['The page cursor is not valid.'] });
}

const cast = (value: string | null, type: SortKey['type']): SQL => sql`${value}::${sql.raw(type)}`;

/** What one page's SQL needs: the keyset condition (or true), the ORDER BY, LIMIT and OFFSET. */
export interface KeysetClauses {
  where: SQL;
  orderBy: SQL;
  limit: number;
  offset: number;
  /** The page was read backwards (going to an earlier page): its rows come back reversed. */
  reversed: boolean;
  /** Columns to select so that the page's cursors can be built: `page_key` and `page_id`. */
  keyColumns: SQL;
}

/**
 * Where a page starts and which way it reads, for any query builder: the cursor (after or before,
 * never both), whether the read runs against the list's order (going back, or forward on a descending
 * list) and whether its rows come back reversed.
 */
export function pageDirection(
  desc: boolean,
  page: Pick<PageQuery, 'after' | 'before'>,
): { cursor: Cursor | undefined; backwards: boolean; reversed: boolean } {
  if (page.after && page.before) {
    throw validationFailed({ before: ['Give either after or before, not both.'] });
  }
  const reversed = Boolean(page.before);
  const text = page.after ?? page.before;
  return { cursor: text ? decodeCursor(text) : undefined, backwards: desc !== reversed, reversed };
}

export function keysetClauses(
  order: KeysetOrder,
  page: Pick<PageQuery, 'after' | 'before' | 'skip'>,
  limit: number = TABLE_PAGE_SIZE,
): KeysetClauses {
  const { cursor, backwards, reversed } = pageDirection(order.desc, page);
  const direction = sql.raw(backwards ? 'desc' : 'asc');
  let where = sql`true`;
  if (cursor) {
    const [value, id] = cursor;
    const operator = sql.raw(backwards ? '<' : '>');
    where = sql`(${order.key.expr}, ${order.id.expr}) ${operator} (${cast(value, order.key.type)}, ${cast(id, order.id.type)})`;
  }
  return {
    where,
    orderBy: sql`${order.key.expr} ${direction}, ${order.id.expr} ${direction}`,
    limit,
    offset: page.skip,
    reversed,
    keyColumns: sql`(${order.key.expr})::text as page_key, (${order.id.expr})::text as page_id`,
  };
}

/** Turns a page's rows (read with `keyColumns`) into the answer, in the list's order. */
export function toPage<R extends { page_key: string | null; page_id: string }, T>(
  rows: R[],
  clauses: Pick<KeysetClauses, 'reversed'>,
  total: number,
  map: (row: R) => T,
): Page<T> {
  const ordered = clauses.reversed ? [...rows].reverse() : rows;
  const first = ordered[0];
  const last = ordered.at(-1);
  return {
    rows: ordered.map(map),
    total,
    first: first ? encodeCursor(first.page_key, first.page_id) : null,
    last: last ? encodeCursor(last.page_key, last.page_id) : null,
  };
}

/** What a list reads: its row columns, its FROM (with the aliases its order uses), its filter, its order. */
export interface KeysetList {
  columns: SQL;
  from: SQL;
  where: SQL;
  order: KeysetOrder;
  /** The FROM the count reads, where the rows' joins add columns but never rows (default: `from`). */
  countFrom?: SQL;
}

/** A keyset row as read: the list's columns and the page's cursor keys. */
type Keyed<R> = R & { page_key: string | null; page_id: string };

/** A keyset row without its cursor keys: the map of a list whose rows are its answer. */
export function withoutKeys<R>(row: Keyed<R>): R {
  const { page_key: _key, page_id: _id, ...rest } = row;
  return rest as R;
}

/** The rows of one page of a list, in the page's read order (`toPage` puts them in the list's order). */
export function readKeysetRows<R>(db: Db, list: KeysetList, clauses: KeysetClauses): Promise<Keyed<R>[]> {
  return selectRows<Keyed<R>>(
    db,
    sql`select ${list.columns}, ${clauses.keyColumns} from ${list.from}
        where ${list.where} and ${clauses.where}
        order by ${clauses.orderBy} limit ${clauses.limit} offset ${clauses.offset}`,
  );
}

/** One page of a list with how many rows its filter matches in all. */
export async function readKeysetPage<R, T>(
  db: Db,
  list: KeysetList,
  page: Pick<PageQuery, 'after' | 'before' | 'skip'>,
  map: (row: Keyed<R>) => T,
): Promise<Page<T>> {
  const clauses = keysetClauses(list.order, page);
  const [rows, [count]] = await Promise.all([
    readKeysetRows<R>(db, list, clauses),
    selectRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from ${list.countFrom ?? list.from} where ${list.where}`,
    ),
  ]);
  return toPage(rows, clauses, count?.total ?? 0, map);
}

/**
 * Every row a keyset query reaches, read in batches of `batch` rows (each batch one indexed query
 * starting after the last row of the one before), so an export holds at most two batches in memory:
 * the next batch is read while the caller formats this one, so the database and the formatting overlap.
 */
export function keysetBatches<R extends { page_key: string | null; page_id: string }>(
  order: KeysetOrder,
  read: (clauses: KeysetClauses) => Promise<R[]>,
  batch = 5_000,
): AsyncGenerator<R[]> {
  return batchesAfterCursors((after) => read(keysetClauses(order, { after, skip: 0 }, batch)), batch);
}

/**
 * The batches of any keyset read (`readAfter` one batch after a cursor, or from the start), the next
 * batch read while the caller handles this one.
 */
export async function* batchesAfterCursors<R extends { page_key: string | null; page_id: string }>(
  readAfterCursor: (after: string | undefined) => Promise<R[]>,
  batch: number,
): AsyncGenerator<R[]> {
  const readAfter = (after: string | undefined) => {
    const rows = readAfterCursor(after);
    // A caller that stops early (the client went away) never awaits the read ahead: not an unhandled rejection.
    rows.catch(() => {});
    return rows;
  };
  let next = readAfter(undefined);
  for (;;) {
    const rows = await next;
    const more = rows.length === batch;
    if (more) {
      const last = rows.at(-1)!;
      next = readAfter(encodeCursor(last.page_key, last.page_id));
    }
    if (rows.length > 0) yield rows;
    if (!more) return;
  }
}
