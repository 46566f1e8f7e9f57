import { type Permit, ukDate, ukLastDayBefore } from '@client-portal/contract';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn, useServerPaging } from '../../components/data-table';
import { useApiClient } from '../../lib/api-context';
import { saveFile } from '../../lib/save-file';
import { usePageTitle } from '../../lib/use-page-title';
import { useHasAnyFeature, useUserInfo } from '../../lib/user-info';
import { fetchPermitExport, type PermitPageRequest, usePermits } from './api/list-permits';
import { PermitFilters } from './components/permit-filters';
import { canExpire } from './permit-expiry';
import {
  type PermitListParams,
  permitApiFilter,
  permitListSearch,
  readPermitListParams,
  writePermitListParams,
} from './permit-list-params';

/** The caller's permits, filtered by state, site and registration (all kept in the query string). */
export function PermitsPage() {
  const { t } = useTranslation();
  usePageTitle(t('permits.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const params = useMemo(() => readPermitListParams(new URLSearchParams(search)), [search]);
  const filter = useMemo(() => permitApiFilter(params), [params]);
  const paging = useServerPaging({ id: 'started', desc: true }, JSON.stringify(filter));
  const request = { ...filter, ...paging.query } as PermitPageRequest;
  const permits = usePermits(request);
  const api = useApiClient();
  const userInfo = useUserInfo();
  const exportAll = () =>
    void fetchPermitExport(api, request).then(({ blob, fileName }) => saveFile(fileName, blob));
  // A group permit is listed at its member sites, but only the group's holders may expire it.
  const holder = userInfo.data;
  const mayExpireAt = useCallback(
    (p: Permit) =>
      p.type === 'site' || Boolean(holder?.accessAllSites || holder?.access.includes(p.site_SiteGroupNumber)),
    [holder],
  );
  const canAdd = useHasAnyFeature('Permits.Add');
  const canBulkAdd = useHasAnyFeature('Permits.BulkAdd');
  const canDisable = useHasAnyFeature('Permits.Disable');
  // The other permit pages carry the list's filters, and return to them.
  const listSearch = permitListSearch(search);

  const changeFilters = (next: PermitListParams) =>
    setSearchParams(writePermitListParams(next), { replace: true });

  const columns = useMemo((): DataTableColumn<Permit>[] => {
    const shown: DataTableColumn<Permit>[] = [
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
        cell: (p) => ukDate(p.started),
      },
      {
        id: 'ended',
        header: t('permits.columns.ended'),
        accessor: (p) => new Date(p.ended),
        cell: (p) => ukLastDayBefore(p.ended),
      },
    ];
    if (!canDisable) return shown;
    return [
      ...shown,
      {
        id: 'actions',
        header: t('permits.columns.actions'),
        exportable: false,
        cell: (p) =>
          canExpire(p) && mayExpireAt(p) ? (
            <Anchor
              component={Link}
              to={`disable/${p.type}/${p.permitId}${listSearch}`}
              c="red"
              aria-label={t('permits.actions.expireLabel', { registration: p.vehicleRegistration })}
            >
              {t('permits.actions.expire')}
            </Anchor>
          ) : null,
      },
    ];
  }, [t, canDisable, listSearch, mayExpireAt]);

  return (
    <Stack>
      {(canAdd || canBulkAdd) && (
        <Group justify="flex-end">
          {canBulkAdd && (
            <Button component={Link} to={`bulk-add${listSearch}`} variant="default">
              {t('permits.actions.bulkAdd')}
            </Button>
          )}
          {canAdd && (
            <Button component={Link} to={`add${listSearch}`}>
              {t('permits.actions.add')}
            </Button>
          )}
        </Group>
      )}
      <PermitFilters value={params} onChange={changeFilters} />
      <DataTable
        columns={columns}
        data={permits.data?.rows ?? []}
        loadState={permits.isError ? 'failed' : permits.data ? 'loaded' : 'loading'}
        dataName={t('permits.dataName')}
        onRetry={() => void permits.refetch()}
        paging={paging.table(permits.data, exportAll)}
        getRowId={(p) => `${p.type}-${p.permitId}`}
      />
    </Stack>
  );
}
