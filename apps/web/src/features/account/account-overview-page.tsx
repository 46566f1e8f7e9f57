import { isSiteGroupNumber, type Site } from '@client-portal/contract';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, useTableState } from '../../components/data-table';
import { sessionType, useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useUserInfo } from '../../lib/user-info';
import { useAccessibleSites } from './api/accessible-sites';

/** /account/overview: how the user signed in and which sites and site groups they can reach. */
export function AccountOverviewPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.overview.title'));
  const session = useSession();
  const userInfo = useUserInfo().data;
  const sites = useAccessibleSites();
  // The sites table's sort and page live in the address (decision 28).
  const tableState = useTableState();

  const columns = useMemo<DataTableColumn<Site>[]>(
    () => [
      { id: 'siteNumber', header: t('account.overview.number'), accessor: (s) => s.siteNumber },
      { id: 'name', header: t('account.overview.name'), accessor: (s) => s.name },
      {
        id: 'kind',
        header: t('account.overview.kind'),
        accessor: (s) =>
          isSiteGroupNumber(s.siteNumber) ? t('account.overview.group') : t('account.overview.site'),
      },
    ],
    [t],
  );

  if (!session.isAuthenticated) return null;
  const sessionLabel =
    session.type === sessionType.singleSignOn ? t('account.overview.msal') : t('account.overview.identity');
  const loadState = sites.isPending ? 'loading' : sites.isError ? 'failed' : 'loaded';

  return (
    <Stack>
      <Title order={1}>{t('account.overview.title')}</Title>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Group gap="xs">
            <Text fw={600}>{t('account.overview.email')}</Text>
            <Text>{session.account.email}</Text>
          </Group>
          <Group gap="xs">
            <Text fw={600}>{t('account.overview.sessionType')}</Text>
            <Text data-testid="session-type">{sessionLabel}</Text>
          </Group>
          <Group gap="xs">
            <Text fw={600}>{t('account.overview.access')}</Text>
            {userInfo?.accessAllSites ? (
              <Badge data-testid="site-access">{t('account.overview.allSites')}</Badge>
            ) : (
              <Text data-testid="site-access">
                {userInfo ? userInfo.access.join(', ') || t('account.overview.noSites') : t('common.loading')}
              </Text>
            )}
          </Group>
        </Stack>
      </Paper>
      <Title order={2} size="h3">
        {t('account.overview.sitesHeading')}
      </Title>
      <DataTable
        columns={columns}
        data={sites.data ?? []}
        loadState={loadState}
        dataName={t('account.overview.sitesDataName')}
        onRetry={() => void sites.refetch()}
        getRowId={(s) => s.siteNumber}
        exportable={false}
        state={tableState}
      />
    </Stack>
  );
}
