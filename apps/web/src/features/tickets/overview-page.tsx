import type { TicketAllowance } from '@client-portal/contract';
import { Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { DataTable, type DataTableColumn, useTableState } from '../../components/data-table';
import { useTicketAllowances as useAllowances } from '../../lib/ticket-allowances';
import { usePageTitle } from '../../lib/use-page-title';
import { useUserInfo } from '../../lib/user-info';
import { allocationCell, allowanceSiteCell } from './allowance-display';

/** This month's allowances per site; users with all sites have no own sites to list and go to reduce. */
export function OverviewPage() {
  const { t } = useTranslation();
  usePageTitle(t('tickets.overview.heading'));
  const userInfo = useUserInfo().data;
  const allowances = useAllowances();
  // Sort and page kept in the address (decision 28).
  const tableState = useTableState();

  const columns = useMemo((): DataTableColumn<TicketAllowance>[] => {
    const unlimited = t('tickets.overview.unlimited');
    return [
      { id: 'site', header: t('tickets.overview.columns.site'), accessor: allowanceSiteCell },
      {
        id: 'reductionsUsed',
        header: t('tickets.overview.columns.reductionsUsed'),
        accessor: (r) => r.usedSettlements,
      },
      {
        id: 'reductionsAllocated',
        header: t('tickets.overview.columns.reductionsAllocated'),
        accessor: (r) => allocationCell(r.allocatedSettlements, unlimited),
      },
      {
        id: 'cancellationsUsed',
        header: t('tickets.overview.columns.cancellationsUsed'),
        accessor: (r) => r.usedCancellations,
      },
      {
        id: 'cancellationsAllocated',
        header: t('tickets.overview.columns.cancellationsAllocated'),
        accessor: (r) => allocationCell(r.allocatedCancellations, unlimited),
      },
    ];
  }, [t]);

  if (!userInfo) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (userInfo.accessAllSites) return <Navigate to="/tickets/reduce" replace />;

  return (
    <Stack>
      <Title order={1}>{t('tickets.overview.heading')}</Title>
      <Text>{t('tickets.overview.intro')}</Text>
      <DataTable
        columns={columns}
        data={allowances.data ?? []}
        loadState={allowances.isError ? 'failed' : allowances.data ? 'loaded' : 'loading'}
        dataName={t('tickets.overview.dataName')}
        onRetry={() => void allowances.refetch()}
        defaultSort={{ id: 'site', desc: false }}
        state={tableState}
        getRowId={(r) => r.siteNumber}
      />
    </Stack>
  );
}
