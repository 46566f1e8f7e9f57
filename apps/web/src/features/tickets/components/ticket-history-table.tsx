import type { TicketHistoryRow, TicketHistorySortColumn } from '@client-portal/contract';
import { Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, useServerPaging } from '../../../components/data-table';
import { useTicketHistory } from '../api/list-ticket-history';
import { formatDate } from '../format';
import type { TicketFlowKind } from '../ticket-flow';

/** Tickets already cancelled or reduced, newest action first (shown only to holders of the View feature). */
export function TicketHistoryTable({ kind }: { kind: TicketFlowKind }) {
  const { t } = useTranslation();
  const paging = useServerPaging({ id: 'actionDate', desc: true }, kind);
  const history = useTicketHistory({
    kind,
    ...paging.query,
    sort: paging.query.sort as TicketHistorySortColumn,
  });

  const columns = useMemo(
    (): DataTableColumn<TicketHistoryRow>[] => [
      {
        id: 'actionDate',
        header: t(`tickets.${kind}.actionDate`),
        accessor: (r) => new Date(r.actionDate),
        cell: (r) => formatDate(r.actionDate),
      },
      { id: 'ticketNumber', header: t('tickets.history.ticketNumber'), accessor: (r) => r.ticketNumber },
      {
        id: 'vehicleRegistration',
        header: t('tickets.history.vehicleRegistration'),
        accessor: (r) => r.vehicleRegistration,
      },
      { id: 'site', header: t('tickets.history.site'), accessor: (r) => r.site },
      {
        id: 'violationDate',
        header: t('tickets.history.violationDate'),
        accessor: (r) => new Date(r.violationDate),
        cell: (r) => formatDate(r.violationDate),
      },
      {
        id: 'permitCovered',
        header: t('tickets.history.permitCovered'),
        accessor: (r) => (r.permitCovered ? t('permitTickets.permitCovered') : ''),
        sortable: false,
      },
    ],
    [t, kind],
  );

  return (
    <Stack gap="xs">
      <Title order={2}>{t(`tickets.${kind}.historyHeading`)}</Title>
      <DataTable
        columns={columns}
        data={history.data?.rows ?? []}
        loadState={history.isError ? 'failed' : history.data ? 'loaded' : 'loading'}
        dataName={t(`tickets.${kind}.historyDataName`)}
        onRetry={() => void history.refetch()}
        paging={paging.table(history.data)}
        getRowId={(r) => `${r.ticketNumber}-${r.actionDate}`}
      />
    </Stack>
  );
}
