export { DataTable, type DataTableProps, type ServerPaging } from './data-table';
export type { CellValue, DataTableColumn, LoadState, SortState } from './data-table-types';
export { useServerPaging } from './use-server-paging';
