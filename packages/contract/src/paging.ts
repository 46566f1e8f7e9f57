import { z } from 'zod';
import { TABLE_PAGE_SIZE, TABLE_PAGER_WINDOW } from './constants.js';

/**
 * Server paging (decision 8): every list answers one page of TABLE_PAGE_SIZE rows in the order the
 * caller asks for, with the total. Pages are reached by keyset: `after` is the `last` cursor of the page
 * the browser shows (going forward), `before` its `first` cursor (going back), and `skip` jumps over
 * whole pages beyond it, at most as far as the pager's five links reach. No cursor: the first page.
 */
export const PAGE_SKIP_MAX = (TABLE_PAGER_WINDOW - 1) * TABLE_PAGE_SIZE;

const cursor = z.string().max(600, 'The page cursor is too long.').optional();

/** The highest page number a list's address may name (a guard against nonsense, not a limit of the data). */
export const PAGE_NUMBER_MAX = 1_000_000;

/**
 * Direction, cursors, skip and page: the paging fields every list's query string has besides `sort`.
 * `page` is the number (1-based) of the page the cursors reach, kept so that a list's address (decision
 * 28) shows the same pager after a reload; the server reads only the cursors and skip.
 */
export const pagingFields = {
  direction: z.enum(['asc', 'desc']).optional(),
  after: cursor,
  before: cursor,
  skip: z.coerce.number().int().min(0).max(PAGE_SKIP_MAX).optional().default(0),
  page: z.coerce.number().int().min(1).max(PAGE_NUMBER_MAX).optional(),
};

/** The paging part of a list's query string, for a list sortable by `columns`. */
export function pageQuerySchema<const C extends readonly [string, ...string[]]>(columns: C) {
  return z.object({ sort: z.enum(columns).optional(), ...pagingFields });
}
export type PageQuery<C extends string = string> = {
  sort?: C;
  direction?: 'asc' | 'desc';
  after?: string;
  before?: string;
  skip: number;
  page?: number;
};

/** One page of a list: the rows, every matching row's count, the cursors of its first and last rows. */
export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({
    rows: z.array(row).max(TABLE_PAGE_SIZE),
    total: z.number().int().min(0),
    first: z.string().nullable(),
    last: z.string().nullable(),
  });
}
export interface Page<T> {
  rows: T[];
  total: number;
  first: string | null;
  last: string | null;
}

/** The rows a page holds on the browser's side: its number (0-based) and its cursors. */
interface ShownPage {
  pageIndex: number;
  first: string | null;
  last: string | null;
}

/** How the browser asks for page `target` (0-based) from the page it shows. */
export function pageRequest(shown: ShownPage, target: number): Pick<PageQuery, 'after' | 'before' | 'skip'> {
  const gap = target - shown.pageIndex;
  if (target === 0 || gap === 0) return { skip: 0 };
  if (gap > 0 && shown.last) return { after: shown.last, skip: (gap - 1) * TABLE_PAGE_SIZE };
  if (gap < 0 && shown.first) return { before: shown.first, skip: (-gap - 1) * TABLE_PAGE_SIZE };
  return { skip: 0 };
}

/**
 * Which page (0-based) the browser shows for a list address's paging fields: the page number when a
 * cursor reached it, else as many pages as `skip` jumps over from the first.
 */
export function shownPageIndex(query: Pick<PageQuery, 'after' | 'before' | 'skip' | 'page'>): number {
  if (query.after || query.before) return Math.max(0, (query.page ?? 1) - 1);
  return Math.floor(query.skip / TABLE_PAGE_SIZE);
}

/**
 * A table sorted and paged in the browser (the spec's client-side sort and page) keeps its sort column,
 * direction and page (1-based) in the page's address too (decision 28). Unknown columns are the table's
 * to ignore; the page is clamped to the rows there are.
 */
export const tableStateSchema = z.object({
  sort: z.string().trim().min(1).max(60).optional(),
  direction: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number().int().min(1).max(PAGE_NUMBER_MAX).optional().default(1),
});
export type TableState = z.output<typeof tableStateSchema>;
