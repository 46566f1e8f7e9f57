import type { ApplicationRole } from '@client-portal/contract';
import { Alert, Anchor, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-client';
import { useUserInfo } from '../../../lib/user-info';
import { canChangeRole } from '../role-ownership';

/**
 * Shows the role list's load failure (with Retry), a loader, or 'not found' until the role is there,
 * and, for a page that changes the role, a notice instead of the page when the user may not change it.
 */
export function RoleLoadGate({
  roles,
  role,
  roleLoad,
  children,
}: {
  roles: UseQueryResult<ApplicationRole[]>;
  role: ApplicationRole | undefined;
  /** The role's own load (GET /application/roles/{id}), for a page that reads it by itself. */
  roleLoad?: UseQueryResult<ApplicationRole>;
  children: (role: ApplicationRole, roles: ApplicationRole[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const userInfo = useUserInfo().data;
  const roleGone = roleLoad?.error instanceof ApiRequestError && roleLoad.error.status === 404;
  const failed = roles.isError ? roles : roleLoad?.isError && !roleGone ? roleLoad : undefined;
  if (failed) {
    return (
      <Alert color="red" role="alert">
        {t('roles.loadFailed')}{' '}
        <Anchor component="button" type="button" onClick={() => void failed.refetch()}>
          {t('common.retry')}
        </Anchor>
      </Alert>
    );
  }
  if (!roles.data || roleLoad?.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (!role) {
    return (
      <Alert color="yellow" role="alert">
        {t('roles.notFound')}
      </Alert>
    );
  }
  if (!canChangeRole(role, userInfo)) {
    return (
      <Alert color="yellow" role="alert">
        {t('roles.globalReadOnly')}
      </Alert>
    );
  }
  return <>{children(role, roles.data)}</>;
}
