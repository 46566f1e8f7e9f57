import { TABLE_PAGER_WINDOW } from '@client-portal/contract';

/**
 * The 1-based page numbers the pager links to: at most `size`, centred on the current page where
 * possible and shifted at either end so the window always stays full.
 */
export function pagerWindow(currentPage: number, pageCount: number, size: number = TABLE_PAGER_WINDOW) {
  if (pageCount <= 0) return [];
  const length = Math.min(size, pageCount);
  const current = Math.min(Math.max(currentPage, 1), pageCount);
  const start = Math.min(Math.max(current - Math.floor(length / 2), 1), pageCount - length + 1);
  return Array.from({ length }, (_, i) => start + i);
}

/** 1-based inclusive range of rows on a page, for the 'Showing 11–20 of 35' summary. */
export function rowRange(pageIndex: number, pageSize: number, total: number) {
  if (total === 0) return { from: 0, to: 0, total };
  const from = pageIndex * pageSize + 1;
  return { from, to: Math.min(from + pageSize - 1, total), total };
}
