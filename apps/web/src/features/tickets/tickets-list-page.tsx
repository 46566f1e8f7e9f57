import { type TicketListRow, ticketListQuerySchema, ukDateTime } from '@client-portal/contract';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DataTable, type DataTableColumn, listPaging, withoutPaging } from '../../components/data-table';
import { useListState } from '../../lib/use-list-state';
import { usePageTitle } from '../../lib/use-page-title';
import { useHasAnyFeature } from '../../lib/user-info';
import { useTicketList } from './api/list-tickets';
import { TicketListFilterFields, type TicketListFilters } from './components/ticket-list-filters';
import { formatDate, formatMoney, reasonText } from './format';
import { ticketListSearch } from './ticket-list-params';

const DEFAULT_SORT = { id: 'issueDate', desc: true };

/** A ticket the list offers to cancel: open, or reduced and not yet paid. */
export const mayCancel = (row: TicketListRow) => row.status === 'open' || row.status === 'reduced';
/** A ticket the list offers to reduce: open, at a site that allows reductions. */
export const mayReduce = (row: TicketListRow) => row.status === 'open' && row.allowsReductions;

/**
 * /tickets/list (issue 24): the charges at the caller's sites, filtered, sorted and paged by the
 * server, all kept in the address through the contract's ticketListQuerySchema (decision 28). Each open
 * ticket offers cancel and reduce, which ask for a reason on a page of their own.
 */
export function TicketsListPage() {
  const { t } = useTranslation();
  usePageTitle(t('tickets.list.title'));
  const [query, setQuery] = useListState(ticketListQuerySchema);
  const { status, siteNumber, from, to, search, covered } = query;
  const filters = useMemo(
    (): TicketListFilters => ({ status, siteNumber, from, to, search, covered }),
    [status, siteNumber, from, to, search, covered],
  );
  const paging = listPaging(query, setQuery, DEFAULT_SORT);
  const list = useTicketList(paging.request);
  const canCancel = useHasAnyFeature('Tickets.Cancel');
  const canReduce = useHasAnyFeature('Tickets.Reduce');
  const listSearch = ticketListSearch(useLocation().search);

  // New filters start again at the first page, in the same order; they replace the history entry.
  const changeFilters = (next: TicketListFilters) =>
    setQuery({ ...withoutPaging(query), ...next }, { replace: true });

  const columns = useMemo(
    (): DataTableColumn<TicketListRow>[] => [
      {
        id: 'issueDate',
        header: t('tickets.list.columns.issueDate'),
        accessor: (r) => new Date(r.issueDate),
        cell: (r) => ukDateTime(r.issueDate),
      },
      { id: 'ticketNumber', header: t('tickets.list.columns.ticketNumber'), accessor: (r) => r.ticketNumber },
      // Beside the number it acts on: the table scrolls sideways in the Tickets area's narrower column,
      // and an action at the far end would be out of sight.
      ...(canCancel || canReduce
        ? [
            {
              id: 'actions',
              header: t('tickets.list.columns.actions'),
              exportable: false,
              cell: (r: TicketListRow) => (
                <Group gap="sm" wrap="nowrap">
                  {canCancel && mayCancel(r) && (
                    <Anchor
                      component={Link}
                      to={`cancel/${encodeURIComponent(r.ticketNumber)}${listSearch}`}
                      c="red"
                      aria-label={t('tickets.list.cancelLabel', { ticketNumber: r.ticketNumber })}
                    >
                      {t('tickets.list.cancel')}
                    </Anchor>
                  )}
                  {canReduce && mayReduce(r) && (
                    <Anchor
                      component={Link}
                      to={`reduce/${encodeURIComponent(r.ticketNumber)}${listSearch}`}
                      aria-label={t('tickets.list.reduceLabel', { ticketNumber: r.ticketNumber })}
                    >
                      {t('tickets.list.reduce')}
                    </Anchor>
                  )}
                </Group>
              ),
            } satisfies DataTableColumn<TicketListRow>,
          ]
        : []),
      {
        id: 'site',
        header: t('tickets.list.columns.site'),
        accessor: (r) => r.siteNumber,
        cell: (r) => `${r.siteNumber} – ${r.siteName}`,
      },
      {
        id: 'vehicleRegistration',
        header: t('tickets.list.columns.vehicleRegistration'),
        accessor: (r) => r.vehicleRegistration,
      },
      {
        id: 'contravention',
        header: t('tickets.list.columns.contravention'),
        accessor: (r) => r.contravention,
        sortable: false,
      },
      {
        id: 'amountDue',
        header: t('tickets.list.columns.amountDue'),
        accessor: (r) => r.amountDue,
        cell: (r) =>
          r.amountDue === r.fullAmount
            ? formatMoney(r.amountDue)
            : t('tickets.list.amountOf', { due: formatMoney(r.amountDue), full: formatMoney(r.fullAmount) }),
        sortable: false,
      },
      {
        id: 'status',
        header: t('tickets.list.columns.status'),
        accessor: (r) => t(`tickets.list.status.${r.status}`),
        cell: (r) =>
          r.reducedUntil
            ? `${t(`tickets.list.status.${r.status}`)} ${t('tickets.list.reducedUntil', { date: formatDate(r.reducedUntil) })}`
            : t(`tickets.list.status.${r.status}`),
        sortable: false,
      },
      {
        id: 'permitCovered',
        header: t('tickets.list.columns.permitCovered'),
        accessor: (r) => (r.permitCovered ? t('permitTickets.permitCovered') : ''),
        sortable: false,
      },
      {
        id: 'reason',
        header: t('tickets.list.columns.reason'),
        accessor: (r) => (r.reason ? reasonText(t(`tickets.reasons.${r.reason}`), r.reasonNote) : ''),
        sortable: false,
      },
    ],
    [t, canCancel, canReduce, listSearch],
  );

  return (
    <Stack>
      <Title order={1}>{t('tickets.list.title')}</Title>
      <Text>{t('tickets.list.intro')}</Text>
      <TicketListFilterFields value={filters} onChange={changeFilters} />
      <DataTable
        columns={columns}
        data={list.data?.rows ?? []}
        loadState={list.isError ? 'failed' : list.data ? 'loaded' : 'loading'}
        dataName={t('tickets.list.dataName')}
        onRetry={() => void list.refetch()}
        paging={paging.table(list.data)}
        getRowId={(r) => r.ticketNumber}
      />
    </Stack>
  );
}
