import type { ReactNode } from 'react';

export type CellValue = string | number | boolean | Date | null | undefined;

export interface DataTableColumn<T> {
  id: string;
  /** Already translated. */
  header: string;
  /** The raw value: sorted on, exported, and shown when there is no `cell`. */
  accessor?: (row: T) => CellValue;
  /** Custom display (links, actions). Returning null or '' shows the empty-cell dash. */
  cell?: (row: T) => ReactNode;
  /** Defaults to true when the column has an accessor. */
  sortable?: boolean;
  /** Defaults to true when the column has an accessor; action columns are never exported. */
  exportable?: boolean;
}

export type LoadState = 'loading' | 'loaded' | 'failed';

export interface SortState {
  id: string;
  desc: boolean;
}
