import type { Permit } from '@client-portal/contract';
import { Stack, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { usePageTitle } from '../../lib/use-page-title';
import { usePermits } from './api/list-permits';
import { PermitFilters } from './components/permit-filters';
import {
  type PermitListParams,
  permitApiFilter,
  readPermitListParams,
  writePermitListParams,
} from './permit-list-params';

/** Local date and time as en-GB users read it: dd/mm/yyyy HH:mm. */
export const formatPermitDate = (iso: string) => dayjs(iso).format('DD/MM/YYYY HH:mm');

/** The caller's permits, filtered by state, site and registration (all kept in the query string). */
export function PermitsPage() {
  const { t } = useTranslation();
  usePageTitle(t('permits.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const params = useMemo(() => readPermitListParams(new URLSearchParams(search)), [search]);
  const filter = useMemo(() => permitApiFilter(params), [params]);
  const permits = usePermits(filter);

  const changeFilters = (next: PermitListParams) =>
    setSearchParams(writePermitListParams(next), { replace: true });

  const columns = useMemo(
    (): DataTableColumn<Permit>[] => [
      { id: 'site', header: t('permits.columns.site'), accessor: (p) => p.site_SiteGroupNumber },
      {
        id: 'vehicleRegistration',
        header: t('permits.columns.vehicleRegistration'),
        accessor: (p) => p.vehicleRegistration,
      },
      { id: 'driverName', header: t('permits.columns.driverName'), accessor: (p) => p.driverName },
      {
        id: 'type',
        header: t('permits.columns.type'),
        accessor: (p) => (p.isTemp ? t('permits.types.temporary') : t('permits.types.permanent')),
      },
      {
        id: 'started',
        header: t('permits.columns.started'),
        accessor: (p) => new Date(p.started),
        cell: (p) => formatPermitDate(p.started),
      },
      {
        id: 'ended',
        header: t('permits.columns.ended'),
        accessor: (p) => new Date(p.ended),
        cell: (p) => formatPermitDate(p.ended),
      },
    ],
    [t],
  );

  return (
    <Stack>
      <Title order={1}>{t('permits.title')}</Title>
      <PermitFilters value={params} onChange={changeFilters} />
      <DataTable
        columns={columns}
        data={permits.data ?? []}
        loadState={permits.isError ? 'failed' : permits.data ? 'loaded' : 'loading'}
        dataName={t('permits.dataName')}
        onRetry={() => void permits.refetch()}
        defaultSort={{ id: 'started', desc: true }}
        getRowId={(p) => `${p.type}-${p.permitId}`}
      />
    </Stack>
  );
}
