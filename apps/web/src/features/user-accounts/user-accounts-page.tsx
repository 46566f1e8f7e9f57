import type { UserAccountListItem } from '@client-portal/contract';
import { Anchor, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { DataTable, type DataTableColumn, useServerPaging } from '../../components/data-table';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { hasAnyFeature, useUserInfo } from '../../lib/user-info';
import { type AccountFilters as Filters, useAccounts } from './api/list-accounts';
import { AccountFilters, type AccountFilterValues } from './components/account-filters';

/** A short pause after each filter change, so typing an address fetches once. */
export const ACCOUNT_FILTER_DEBOUNCE_MS = 300;

function toQuery(value: AccountFilterValues): Filters {
  return {
    state: value.state === 'all' ? undefined : value.state,
    emailAddress: value.email.trim() || undefined,
    siteNumbers: value.sites.map((s) => s.siteNumber),
  };
}

/** The accounts the user manages; without Users.View only adding is possible. */
export function UserAccountsPage() {
  const { t } = useTranslation();
  usePageTitle(t('userAccounts.title'));
  const userInfo = useUserInfo().data;
  const session = useSession();
  const ownEmail = session.isAuthenticated ? session.account.email.toLowerCase() : '';
  const canView = hasAnyFeature(userInfo, 'Users.View');
  const canAdd = hasAnyFeature(userInfo, 'Users.Add');
  const canEdit = hasAnyFeature(userInfo, 'Users.Edit');
  const canRemove = hasAnyFeature(userInfo, 'Users.Remove');

  const [filters, setFilters] = useState<AccountFilterValues>({ state: 'all', email: '', sites: [] });
  // A string key keeps the debounce from restarting on every render's new object.
  const [queryKey] = useDebouncedValue(JSON.stringify(toQuery(filters)), ACCOUNT_FILTER_DEBOUNCE_MS);
  const query = useMemo(() => JSON.parse(queryKey) as Filters, [queryKey]);
  const paging = useServerPaging({ id: 'email', desc: false }, queryKey);
  const accounts = useAccounts({ ...query, ...paging.query, sort: 'email' });

  const columns = useMemo(
    (): DataTableColumn<UserAccountListItem>[] => [
      { id: 'email', header: t('userAccounts.columns.email'), accessor: (a) => a.email },
      {
        id: 'sites',
        header: t('userAccounts.columns.sites'),
        accessor: (a) => (a.accessAllSites ? t('userAccounts.allSites') : a.access.join(', ')),
        // The server sorts by e-mail only: these are lists, not values to order by.
        sortable: false,
      },
      {
        id: 'roles',
        header: t('userAccounts.columns.roles'),
        accessor: (a) => a.roles.map((r) => r.name).join(', '),
        sortable: false,
      },
      {
        id: 'actions',
        header: t('userAccounts.columns.actions'),
        exportable: false,
        cell: (a) => {
          // Your own account is managed from your account pages, never from this list.
          if (a.email.toLowerCase() === ownEmail || !(canEdit || canRemove)) return null;
          return (
            <Group gap="sm" wrap="nowrap">
              {canEdit && (
                <Anchor
                  component={Link}
                  to={`edit/${a.userId}`}
                  aria-label={t('userAccounts.editLabel', { email: a.email })}
                >
                  {t('userAccounts.edit')}
                </Anchor>
              )}
              {canRemove && (
                <Anchor
                  component={Link}
                  to={`remove/${a.userId}`}
                  c="red"
                  aria-label={t('userAccounts.removeLabel', { email: a.email })}
                >
                  {t('userAccounts.remove')}
                </Anchor>
              )}
            </Group>
          );
        },
      },
    ],
    [t, ownEmail, canEdit, canRemove],
  );

  // The area guard waits for user info; rendered on its own the page waits too before deciding.
  if (!userInfo) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (!canView) return <Navigate to="add" replace />;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('userAccounts.title')}</Title>
        {canAdd && (
          <Button component={Link} to="add">
            {t('userAccounts.add')}
          </Button>
        )}
      </Group>
      <AccountFilters value={filters} onChange={setFilters} />
      <DataTable
        columns={columns}
        data={accounts.data?.rows ?? []}
        loadState={accounts.isError ? 'failed' : accounts.data ? 'loaded' : 'loading'}
        dataName={t('userAccounts.dataName')}
        onRetry={() => void accounts.refetch()}
        paging={paging.table(accounts.data)}
        getRowId={(a) => a.userId}
      />
    </Stack>
  );
}
