import type { CellValue } from './data-table-types';

const collator = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

const isEmpty = (value: CellValue) => value === null || value === undefined || value === '';

/** Ascending order for mixed cell values; empty values sort after everything else. */
export function compareCells(a: CellValue, b: CellValue): number {
  if (isEmpty(a) || isEmpty(b)) return Number(isEmpty(a)) - Number(isEmpty(b));
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}
