export { DataTable, type DataTableProps } from './data-table';
export type { CellValue, DataTableColumn, LoadState, SortState } from './data-table-types';
