import type { Page, PageQuery } from '@client-portal/contract';
import { validationFailed } from '../plugins/problem.js';

/**
 * Keyset paging's cursors (decision 10): what a page's first and last rows hand the browser, and which
 * way the next read runs. The queries that use them are built in keyset-queries.ts.
 */

/** The type a sort column's cursor text is cast back to. */
export type SortKeyType = 'text' | 'timestamptz' | 'boolean' | 'integer' | 'bigint' | 'uuid';

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

/** Turns a page's rows (read with `keyColumns`) into the answer, in the list's order. */
export function toPage<R extends { page_key: string | null; page_id: string }, T>(
  rows: R[],
  clauses: { reversed: boolean },
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

/** A keyset row as read: the list's columns and the page's cursor keys. */
type Keyed<R> = R & { page_key: string | null; page_id: string };

/** A keyset row without its cursor keys: the map of a list whose rows are its answer. */
export function withoutKeys<R>(row: Keyed<R>): R {
  const { page_key: _key, page_id: _id, ...rest } = row;
  return rest as R;
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
