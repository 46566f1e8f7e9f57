export { type ClientTableState, DataTable, type DataTableProps, type ServerPaging } from './data-table';
export type { CellValue, DataTableColumn, LoadState, SortState } from './data-table-types';
export { listPaging, withoutPaging } from './list-paging';
export { useTableState } from './use-table-state';
