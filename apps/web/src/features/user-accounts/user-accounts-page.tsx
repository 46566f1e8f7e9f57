import { type Site, type UserAccountListItem, userAccountsPageQuerySchema } from '@client-portal/contract';
import { Anchor, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { DataTable, type DataTableColumn, listPaging, withoutPaging } from '../../components/data-table';
import { useSession } from '../../lib/session';
import { useListState } from '../../lib/use-list-state';
import { usePageTitle } from '../../lib/use-page-title';
import { hasAnyFeature, useUserInfo } from '../../lib/user-info';
import { useAccounts } from './api/list-accounts';
import { AccountFilters, type AccountFilterValues } from './components/account-filters';

/** A short pause after typing an address, so a whole address fetches once. */
export const ACCOUNT_FILTER_DEBOUNCE_MS = 300;

const DEFAULT_SORT = { id: 'email', desc: false };

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

  // Filters, sort and page live in the address, read through the server's own query schema (decision 28).
  const [query, setQuery] = useListState(userAccountsPageQuerySchema);
  const paging = listPaging(query, setQuery, DEFAULT_SORT);
  const accounts = useAccounts(paging.request);
  const changeFilters = (next: Partial<typeof query>) =>
    setQuery({ ...withoutPaging(query), ...next }, { replace: true });

  // The typed address lives here and reaches the query string after a pause; `pushed` is the last value
  // this box sent, so a change of the query string from elsewhere (back, a link) refills the box.
  const urlEmail = query.emailAddress ?? '';
  const [email, setEmail] = useState(urlEmail);
  const [debouncedEmail] = useDebouncedValue(email, ACCOUNT_FILTER_DEBOUNCE_MS);
  const pushed = useRef(urlEmail);
  useEffect(() => {
    if (urlEmail !== pushed.current) {
      pushed.current = urlEmail;
      setEmail(urlEmail);
    }
  }, [urlEmail]);
  const latest = useRef(changeFilters);
  latest.current = changeFilters;
  useEffect(() => {
    const typed = debouncedEmail.trim();
    if (typed === pushed.current) return;
    pushed.current = typed;
    latest.current({ emailAddress: typed || undefined });
  }, [debouncedEmail]);

  const filters: AccountFilterValues = {
    state: query.state ?? 'all',
    email,
    sites: query.siteNumbers.map(
      (siteNumber): Site =>
        userInfo?.sites.find((s) => s.siteNumber === siteNumber) ?? { siteNumber, name: '' },
    ),
  };
  const setFilters = (next: AccountFilterValues) => {
    if (next.email !== filters.email) return setEmail(next.email);
    changeFilters({
      state: next.state === 'all' ? undefined : next.state,
      siteNumbers: next.sites.map((s) => s.siteNumber),
    });
  };

  const columns = useMemo(
    (): DataTableColumn<UserAccountListItem>[] => [
      {
        id: 'email',
        header: t('userAccounts.columns.email'),
        // A deactivated account (decision 46: by the client's directory, over SCIM) says so.
        accessor: (a) => (a.active ? a.email : t('userAccounts.deactivatedEmail', { email: a.email })),
      },
      {
        id: 'sites',
        header: t('userAccounts.columns.sites'),
        accessor: (a) => (a.accessAllSites ? t('userAccounts.allSites') : a.access.join(', ')),
        // The server sorts by email only: these are lists, not values to order by.
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
