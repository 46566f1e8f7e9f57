import { ukDisplayDay } from '@client-portal/contract';
import { List, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import type { BulkRow } from '../bulk-rows';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const shownDay = (day: string) => (ISO_DAY.test(day) ? ukDisplayDay(day) : day);

/** Valid, the row's reasons joined, or Invalid (refused without a reason). */
export function bulkRowStatus(row: BulkRow, t: TFunction): string {
  if (row.messages.length > 0) return row.messages.join('; ');
  return row.payload ? t('permitBulk.status.valid') : t('permitBulk.status.invalid');
}

/** The 'Found permits' preview: each CSV row as read, with its status. */
export function BulkPreviewTable({ rows }: { rows: readonly BulkRow[] }) {
  const { t } = useTranslation();
  const columns = useMemo(
    (): DataTableColumn<BulkRow>[] => [
      { id: 'line', header: t('permitBulk.columns.line'), accessor: (r) => r.line },
      { id: 'site', header: t('permitBulk.columns.site'), accessor: (r) => r.site },
      {
        id: 'vehicleRegistration',
        header: t('permitBulk.columns.vehicleRegistration'),
        accessor: (r) => r.vehicleRegistration,
      },
      { id: 'driverName', header: t('permitBulk.columns.driverName'), accessor: (r) => r.driverName },
      {
        id: 'type',
        header: t('permitBulk.columns.type'),
        accessor: (r) =>
          r.temporary === undefined
            ? ''
            : r.temporary
              ? t('permitBulk.types.temporary')
              : t('permitBulk.types.permanent'),
      },
      {
        id: 'started',
        header: t('permitBulk.columns.started'),
        accessor: (r) => r.started,
        cell: (r) => shownDay(r.started),
      },
      {
        id: 'ended',
        header: t('permitBulk.columns.ended'),
        accessor: (r) => r.ended,
        cell: (r) => shownDay(r.ended),
      },
      {
        id: 'status',
        header: t('permitBulk.columns.status'),
        accessor: (r) => bulkRowStatus(r, t),
        // Several reasons read better one to a line; the sort and the export use the joined text.
        cell: (r) =>
          r.messages.length > 1 ? (
            <List size="sm" c="red" fw={600} spacing={2}>
              {r.messages.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c={r.payload ? 'green' : 'red'} fw={r.payload ? undefined : 600}>
              {bulkRowStatus(r, t)}
            </Text>
          ),
      },
    ],
    [t],
  );
  return (
    <DataTable
      columns={columns}
      data={rows}
      loadState="loaded"
      dataName={t('permitBulk.dataName')}
      defaultSort={{ id: 'line', desc: false }}
      getRowId={(r) => String(r.line)}
      highlightRow={(r) => !r.payload}
    />
  );
}
