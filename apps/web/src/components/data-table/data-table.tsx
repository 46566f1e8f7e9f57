import { TABLE_PAGE_SIZE, ukDate } from '@client-portal/contract';
import { Anchor, Button, Group, Loader, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type OnChangeFn,
  type PaginationState,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../../lib/use-phone';
import { PhoneCards } from '../row-table';
import { CardSort } from './card-sort';
import { compareCells } from './compare-cells';
import { buildCsv, downloadCsv, exportFileName, isExportable } from './csv-export';
import { DataTablePager } from './data-table-pager';
import type { CellValue, DataTableColumn, LoadState, SortState } from './data-table-types';
import { rowRange } from './pager-window';

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  data: readonly T[];
  loadState: LoadState;
  /** What the rows are, already translated and lower case: 'Failed to retrieve {dataName}.' */
  dataName: string;
  onRetry?: () => void;
  defaultSort?: SortState;
  /** Shows the Export button (CSV of the exportable columns of every row, in the shown order). */
  exportable?: boolean;
  getRowId?: (row: T, index: number) => string;
  caption?: string;
  /** Rows to draw attention to (e.g. rows with errors); they get a red tint and `data-highlighted`. */
  highlightRow?: (row: T) => boolean;
  /**
   * Server paging: `data` is the one page the server sent, sorted by the server; the table shows the
   * same pager, summary and sortable headers and reports page and sort changes (listPaging: the list's
   * state in its address, decision 28).
   */
  paging?: ServerPaging;
  /**
   * A browser-sorted table's sort and page kept by the caller, e.g. in the page's address
   * (useTableState, decision 28); without it the table keeps them itself.
   */
  state?: ClientTableState;
  /** Shown under the table on the last page's line, e.g. server-computed totals. */
  footer?: ReactNode;
}

export interface ServerPaging {
  total: number;
  pageIndex: number;
  sort: SortState;
  onPageChange(pageIndex: number): void;
  onSortChange(sort: SortState): void;
  /** The Export button asks the server for the whole file instead of building it in the browser. */
  onExport?(): void;
  /** With it, a second button asks the server for the whole list as an .xlsx workbook. */
  onExportWorkbook?(): void;
}

export interface ClientTableState {
  /** None (or a column that cannot be sorted): the table's defaultSort. */
  sort: SortState | undefined;
  /** 0-based; beyond the last page, the last page. */
  pageIndex: number;
  onChange(next: { sort: SortState | undefined; pageIndex: number }): void;
}

function isBlank(node: ReactNode): boolean {
  return node === null || node === undefined || node === '' || node === false;
}

function isSortable<T>(columns: readonly DataTableColumn<T>[], id: string): boolean {
  const column = columns.find((c) => c.id === id);
  return Boolean(column?.accessor) && column?.sortable !== false;
}

function displayValue(value: CellValue): ReactNode {
  if (value instanceof Date) return ukDate(value);
  if (typeof value === 'boolean') return String(value);
  return value;
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, data, loadState, dataName, onRetry, defaultSort, exportable = true } = props;
  const { t } = useTranslation();
  const phone = usePhone();
  const paging = props.paging;
  const kept = paging ? undefined : props.state;
  const [localSorting, setLocalSorting] = useState<SortingState>(defaultSort ? [defaultSort] : []);
  const [localPagination, setLocalPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: TABLE_PAGE_SIZE,
  });
  const keptSort = kept?.sort && isSortable(columns, kept.sort.id) ? kept.sort : defaultSort;
  const sorting: SortingState = paging ? [paging.sort] : kept ? (keptSort ? [keptSort] : []) : localSorting;
  const lastPage = Math.max(0, Math.ceil(data.length / TABLE_PAGE_SIZE) - 1);
  const pagination: PaginationState = paging
    ? { pageIndex: paging.pageIndex, pageSize: TABLE_PAGE_SIZE }
    : kept
      ? { pageIndex: Math.min(kept.pageIndex, lastPage), pageSize: TABLE_PAGE_SIZE }
      : localPagination;
  const setSorting: OnChangeFn<SortingState> = (updater) => {
    if (!paging && !kept) return setLocalSorting(updater);
    const [next] = typeof updater === 'function' ? updater(sorting) : updater;
    if (!next) return;
    if (paging) paging.onSortChange({ id: next.id, desc: next.desc });
    // A new order starts again at the first page, as the table's own state does.
    else kept?.onChange({ sort: { id: next.id, desc: next.desc }, pageIndex: 0 });
  };
  const setPagination: OnChangeFn<PaginationState> = (updater) => {
    if (!paging && !kept) return setLocalPagination(updater);
    const next = typeof updater === 'function' ? updater(pagination) : updater;
    if (paging) paging.onPageChange(next.pageIndex);
    else if (next.pageIndex !== pagination.pageIndex) {
      kept?.onChange({
        sort: sorting[0] ? { id: sorting[0].id, desc: sorting[0].desc } : undefined,
        pageIndex: next.pageIndex,
      });
    }
  };

  const columnDefs = useMemo(
    () =>
      columns.map(
        (column): ColumnDef<T, CellValue> => ({
          id: column.id,
          header: column.header,
          accessorFn: column.accessor,
          enableSorting: Boolean(column.accessor) && column.sortable !== false,
          sortingFn: (a, b, id) => compareCells(a.getValue<CellValue>(id), b.getValue<CellValue>(id)),
          cell: ({ row, getValue }) => {
            const node = column.cell ? column.cell(row.original) : displayValue(getValue());
            return isBlank(node) ? t('table.emptyCell') : node;
          },
        }),
      ),
    [columns, t],
  );

  const table = useReactTable<T>({
    data: data as T[],
    columns: columnDefs,
    state: { sorting, pagination },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    getRowId: props.getRowId,
    manualSorting: Boolean(paging),
    manualPagination: Boolean(paging),
    // Kept state changes only by the user's own sort and page choices (setSorting resets the page).
    autoResetPageIndex: kept ? false : undefined,
    pageCount: paging ? Math.ceil(paging.total / TABLE_PAGE_SIZE) : undefined,
    sortDescFirst: false,
    enableSortingRemoval: false,
  });

  if (loadState === 'loading') {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>{t('table.loading', { data: dataName })}</Text>
      </Group>
    );
  }

  if (loadState === 'failed') {
    return (
      <Text role="alert">
        {t('table.failed', { data: dataName })}{' '}
        {onRetry && (
          <Anchor component="button" type="button" onClick={onRetry}>
            {t('table.retry')}
          </Anchor>
        )}
      </Text>
    );
  }

  const total = paging ? paging.total : data.length;
  if (total === 0) return <Text>{t('table.empty')}</Text>;

  const range = rowRange(pagination.pageIndex, pagination.pageSize, total);
  const exportCsv = () => {
    if (paging?.onExport) return paging.onExport();
    const rows = table.getSortedRowModel().rows.map((row) => row.original);
    downloadCsv(exportFileName(), buildCsv(columns, rows));
  };
  const canExport = exportable && columns.some(isExportable) && (!paging || paging.onExport);

  // On a phone each row becomes a card listing every column by name, so no date, status reason or
  // row action is pushed out of sight by a wide table.
  const sortableColumns = table
    .getAllLeafColumns()
    .filter((column) => column.getCanSort())
    .map((column) => ({ id: column.id, header: column.columnDef.header as string }));
  const cardSort = phone && sortableColumns.length > 0 && (
    <CardSort columns={sortableColumns} sort={sorting[0]} onSortChange={(sort) => setSorting([sort])} />
  );
  const cards = phone && (
    <PhoneCards
      label={dataName}
      cards={table.getRowModel().rows.map((row) => ({
        key: row.id,
        highlighted: props.highlightRow?.(row.original),
        fields: row.getVisibleCells().map((cell) => ({
          label: cell.column.columnDef.header as string,
          value: flexRender(cell.column.columnDef.cell, cell.getContext()),
        })),
      }))}
    />
  );

  return (
    <Stack gap="sm">
      {cardSort}
      {cards || (
        <Table.ScrollContainer minWidth={500}>
          <Table striped highlightOnHover>
            {props.caption && <Table.Caption>{props.caption}</Table.Caption>}
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    const label = flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <Table.Th
                        key={header.id}
                        aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                      >
                        {header.column.getCanSort() ? (
                          <UnstyledButton
                            onClick={header.column.getToggleSortingHandler()}
                            fw={700}
                            fz="sm"
                            title={t('table.sortBy', { column: header.column.columnDef.header as string })}
                          >
                            {label}
                            {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                          </UnstyledButton>
                        ) : (
                          label
                        )}
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {table.getRowModel().rows.map((row) => (
                <Table.Tr
                  key={row.id}
                  {...(props.highlightRow?.(row.original)
                    ? { 'data-highlighted': true, bg: 'var(--mantine-color-red-light)' }
                    : {})}
                >
                  {row.getVisibleCells().map((cell) => (
                    <Table.Td key={cell.id}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {props.footer}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" aria-live="polite">
          {t('table.summary', { from: String(range.from), to: String(range.to), total: String(range.total) })}
        </Text>
        <DataTablePager
          pageIndex={pagination.pageIndex}
          pageCount={table.getPageCount()}
          onPageChange={(pageIndex) => table.setPageIndex(pageIndex)}
        />
        {canExport && (
          <Button variant="default" size="xs" onClick={exportCsv}>
            {t('table.export')}
          </Button>
        )}
        {canExport && paging?.onExportWorkbook && (
          <Button variant="default" size="xs" onClick={paging.onExportWorkbook}>
            {t('table.exportWorkbook')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
