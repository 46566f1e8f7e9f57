import { type TicketHistoryRow, ticketHistoryQuerySchema } from '@client-portal/contract';
import { Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, listPaging } from '../../../components/data-table';
import { useListState } from '../../../lib/use-list-state';
import { useTicketHistory } from '../api/list-ticket-history';
import { formatDate, reasonText } from '../format';
import type { TicketFlowKind } from '../ticket-flow';

/**
 * The history's sort and page in the address (`history.` fields, decision 28), read through the server
 * route's query schema; which history (`state`) is the page's, not the address's.
 */
const historyStateSchema = ticketHistoryQuerySchema.omit({ state: true });
const DEFAULT_SORT = { id: 'actionDate', desc: true };

/**
 * Tickets already cancelled or reduced, newest action first (shown only to holders of the View feature).
 * Its heading is the page's own (`headingOrder` 1) where the history is all the page shows.
 */
export function TicketHistoryTable({
  kind,
  headingOrder = 2,
  intro,
}: {
  kind: TicketFlowKind;
  headingOrder?: 1 | 2;
  /** A line under the heading. */
  intro?: string;
}) {
  const { t } = useTranslation();
  const [state, setState] = useListState(historyStateSchema, { prefix: 'history.' });
  const paging = listPaging(state, setState, DEFAULT_SORT);
  const history = useTicketHistory({ kind, ...paging.request });

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
      {
        id: 'reason',
        header: t('tickets.history.reason'),
        accessor: (r) => (r.reason ? reasonText(t(`tickets.reasons.${r.reason}`), r.reasonNote) : ''),
        sortable: false,
      },
    ],
    [t, kind],
  );

  return (
    <Stack gap="xs">
      <Title order={headingOrder}>{t(`tickets.${kind}.historyHeading`)}</Title>
      {intro && <Text>{intro}</Text>}
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
