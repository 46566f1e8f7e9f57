import type { ApplicationRole } from '@client-portal/contract';
import { Anchor, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { DataTable, type DataTableColumn, useTableState } from '../../components/data-table';
import { useRoles } from '../../lib/roles';
import { usePageTitle } from '../../lib/use-page-title';
import { hasAnyFeature, useUserInfo } from '../../lib/user-info';
import { canChangeRole } from './role-ownership';

/** The roles list; without Roles.View the add page is all there is. */
export function RolesPage() {
  const { t } = useTranslation();
  usePageTitle(t('roles.heading'));
  const userInfo = useUserInfo().data;
  const canView = hasAnyFeature(userInfo, 'Roles.View');
  const canAdd = hasAnyFeature(userInfo, 'Roles.Add');
  const canEdit = hasAnyFeature(userInfo, 'Roles.Edit');
  const canRemove = hasAnyFeature(userInfo, 'Roles.Remove');
  const roles = useRoles();
  // Sort and page kept in the address (decision 28).
  const tableState = useTableState();

  const columns = useMemo((): DataTableColumn<ApplicationRole>[] => {
    const byId = new Map((roles.data ?? []).map((r) => [r.applicationRoleId, r.name]));
    return [
      { id: 'name', header: t('roles.columns.name'), accessor: (r) => r.name },
      {
        id: 'parent',
        header: t('roles.columns.parent'),
        accessor: (r) =>
          r.parentApplicationRoleId === null ? null : (byId.get(r.parentApplicationRoleId) ?? null),
      },
      {
        id: 'owner',
        header: t('roles.columns.owner'),
        accessor: (r) => (r.global ? t('roles.ownerGlobal') : t('roles.ownerClient')),
      },
      {
        id: 'actions',
        header: t('roles.columns.actions'),
        exportable: false,
        cell: (r) =>
          (canEdit || canRemove) && canChangeRole(r, userInfo) ? (
            <Group gap="sm" wrap="nowrap">
              {canEdit && (
                <Anchor
                  component={Link}
                  to={`edit/${r.applicationRoleId}`}
                  aria-label={t('roles.editLabel', { name: r.name })}
                >
                  {t('roles.edit')}
                </Anchor>
              )}
              {canRemove && (
                <Anchor
                  component={Link}
                  to={`remove/${r.applicationRoleId}`}
                  c="red"
                  aria-label={t('roles.removeLabel', { name: r.name })}
                >
                  {t('roles.remove')}
                </Anchor>
              )}
            </Group>
          ) : null,
      },
    ];
  }, [t, roles.data, canEdit, canRemove, userInfo]);

  // The area guard waits for user info; rendered on its own the page waits too before deciding.
  if (!userInfo) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (!canView) return <Navigate to="add" replace />;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('roles.heading')}</Title>
        {canAdd && (
          <Button component={Link} to="add">
            {t('roles.add')}
          </Button>
        )}
      </Group>
      <DataTable
        columns={columns}
        data={roles.data ?? []}
        loadState={roles.isError ? 'failed' : roles.data ? 'loaded' : 'loading'}
        dataName={t('roles.dataName')}
        onRetry={() => void roles.refetch()}
        defaultSort={{ id: 'name', desc: false }}
        state={tableState}
        getRowId={(r) => String(r.applicationRoleId)}
      />
    </Stack>
  );
}
