import {
  type DownloadFormat,
  type Permit,
  permitListQuerySchema,
  permitStateOf,
  ukDate,
  ukDateTime,
  ukLastDayBefore,
} from '@client-portal/contract';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DataTable, type DataTableColumn, listPaging, withoutPaging } from '../../components/data-table';
import { useApiClient } from '../../lib/api-context';
import { saveFile } from '../../lib/save-file';
import { useListState } from '../../lib/use-list-state';
import { usePageTitle } from '../../lib/use-page-title';
import { useHasAnyFeature, useUserInfo } from '../../lib/user-info';
import { fetchPermitExport, usePermits } from './api/list-permits';
import { PermitFilters } from './components/permit-filters';
import { canCancel, canExpire } from './permit-expiry';
import { type PermitListParams, permitListSearch } from './permit-list-params';

const DEFAULT_SORT = { id: 'started', desc: true };

/**
 * The caller's permits, filtered by state, site and a search (part of a plate, a reference or a driver), sorted and paged: all kept in the
 * query string through the contract's permitListQuerySchema, which is also the request (decision 28).
 */
export function PermitsPage() {
  const { t } = useTranslation();
  usePageTitle(t('permits.title'));
  const [query, setQuery] = useListState(permitListQuerySchema);
  const { state, siteNumber, q, vehicleRegistration, notSeen } = query;
  const params = useMemo(
    (): PermitListParams => ({ state, siteNumber, q, vehicleRegistration, notSeen }),
    [state, siteNumber, q, vehicleRegistration, notSeen],
  );
  const paging = listPaging(query, setQuery, DEFAULT_SORT);
  const request = paging.request;
  const permits = usePermits(request);
  const api = useApiClient();
  const userInfo = useUserInfo();
  const exportAll = (format: DownloadFormat) =>
    void fetchPermitExport(api, request, format).then(({ blob, fileName }) => saveFile(fileName, blob));
  // A group permit is listed at its member sites, but only the group's holders may expire or edit it.
  const holder = userInfo.data;
  const mayChangeAt = useCallback(
    (p: Permit) =>
      p.type === 'site' || Boolean(holder?.accessAllSites || holder?.access.includes(p.site_SiteGroupNumber)),
    [holder],
  );
  const canAdd = useHasAnyFeature('Permits.Add');
  const canBulkAdd = useHasAnyFeature('Permits.BulkAdd');
  const canDisable = useHasAnyFeature('Permits.Disable');
  // Without Permits.AllPermits the server lists only the caller's own permits: say so.
  const seesAll = useHasAnyFeature('Permits.AllPermits');
  const canEdit = useHasAnyFeature('Permits.Edit');
  // The other permit pages carry the list's filters, sort and page, and return to them.
  const listSearch = permitListSearch(useLocation().search);

  // New filters start again at the first page, in the same order; they replace the history entry.
  const changeFilters = (next: PermitListParams) =>
    setQuery({ ...withoutPaging(query), ...next }, { replace: true });

  const columns = useMemo((): DataTableColumn<Permit>[] => {
    const shown: DataTableColumn<Permit>[] = [
      { id: 'site', header: t('permits.columns.site'), accessor: (p) => p.site_SiteGroupNumber },
      {
        id: 'vehicleRegistration',
        header: t('permits.columns.vehicleRegistration'),
        accessor: (p) => p.vehicleRegistration,
        cell: (p) => (
          <Anchor component={Link} to={`view/${p.type}/${p.permitId}${listSearch}`}>
            {p.vehicleRegistration}
          </Anchor>
        ),
      },
      { id: 'driverName', header: t('permits.columns.driverName'), accessor: (p) => p.driverName },
      {
        id: 'type',
        header: t('permits.columns.type'),
        accessor: (p) =>
          p.visitorLink
            ? t('permits.types.visitor', { link: p.visitorLink })
            : p.isTemp
              ? t('permits.types.temporary')
              : t('permits.types.permanent'),
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
        // A cancelled permit never ran: no end date of its own.
        cell: (p) => (p.cancelledAt ? '–' : ukLastDayBefore(p.ended)),
      },
      {
        // Upcoming, current, expiring soon, expired or cancelled: read from the dates, not a sort order.
        id: 'state',
        header: t('permits.columns.state'),
        accessor: (p) => t(`permits.states.${permitStateOf(p)}`),
        sortable: false,
      },
      // The proof of registration a driver or an appeal quotes; in id order, so not sortable.
      {
        id: 'reference',
        header: t('permits.columns.reference'),
        accessor: (p) => p.reference,
        sortable: false,
      },
      {
        // The server's latest camera read since the permit started; not a sort order it keeps.
        id: 'lastSeen',
        header: t('permits.columns.lastSeen'),
        cell: (p) => (p.lastSeenAt ? ukDateTime(p.lastSeenAt) : t('permits.notSeenYet')),
      },
    ];
    if (!canDisable && !canEdit) return shown;
    return [
      ...shown,
      {
        id: 'actions',
        header: t('permits.columns.actions'),
        exportable: false,
        cell: (p) => (
          <Group gap="sm" wrap="nowrap">
            {canEdit && mayChangeAt(p) && Date.parse(p.ended) > Date.now() && (
              <Anchor
                component={Link}
                to={`edit/${p.type}/${p.permitId}${listSearch}`}
                aria-label={t('permitEdit.editLabel', { registration: p.vehicleRegistration })}
              >
                {t('permitEdit.edit')}
              </Anchor>
            )}
            {canDisable && canCancel(p) && mayChangeAt(p) && (
              <Anchor
                component={Link}
                to={`cancel/${p.type}/${p.permitId}${listSearch}`}
                c="red"
                aria-label={t('permits.actions.cancelLabel', { registration: p.vehicleRegistration })}
              >
                {t('permits.actions.cancel')}
              </Anchor>
            )}
            {canDisable && canExpire(p) && mayChangeAt(p) && (
              <Anchor
                component={Link}
                to={`disable/${p.type}/${p.permitId}${listSearch}`}
                c="red"
                aria-label={t('permits.actions.expireLabel', { registration: p.vehicleRegistration })}
              >
                {t('permits.actions.expire')}
              </Anchor>
            )}
          </Group>
        ),
      },
    ];
  }, [t, canDisable, canEdit, listSearch, mayChangeAt]);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('permits.title')}</Title>
        {(canAdd || canBulkAdd) && (
          <Group>
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
      </Group>
      {!seesAll && (
        <Text size="sm" c="dimmed">
          {t('permits.ownOnly')}
        </Text>
      )}
      <PermitFilters value={params} onChange={changeFilters} />
      <DataTable
        columns={columns}
        data={permits.data?.rows ?? []}
        loadState={permits.isError ? 'failed' : permits.data ? 'loaded' : 'loading'}
        dataName={t('permits.dataName')}
        onRetry={() => void permits.refetch()}
        paging={paging.table(
          permits.data,
          () => exportAll('csv'),
          () => exportAll('xlsx'),
        )}
        getRowId={(p) => `${p.type}-${p.permitId}`}
      />
    </Stack>
  );
}
