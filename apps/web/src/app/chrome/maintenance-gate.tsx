import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAppConfig } from '../../lib/app-config-context';
import { useSession } from '../../lib/session';
import { hasAnyFeature, useUserInfo } from '../../lib/user-info';
import { PageLoader } from '../page-loader';
import { MaintenanceScreen } from './maintenance-screen';
import { useOfflineStatus } from './use-offline-status';

/**
 * Sign-in and sign-out stay open while offline so a system administrator can get in and end the
 * maintenance (the API also keeps its sign-in paths open); every other route shows the screen.
 */
const OPEN_PATHS = new Set(['/signin', '/signout']);

/**
 * While ApplicationOfflineDate is past, the maintenance screen replaces every page except for signed-in
 * holders of Application.SysAdmin, who keep using the portal (the API lets only them write).
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { entries } = useAppConfig().config;
  const { pathname } = useLocation();
  const session = useSession();
  const userInfo = useUserInfo();
  const status = useOfflineStatus(entries);

  if (status.kind !== 'offline') return children;
  if (OPEN_PATHS.has(pathname)) {
    return (
      <>
        <Alert color="yellow" role="alert" mb="md" data-testid="maintenance-sign-in-notice">
          {t('chrome.maintenance.signInNotice')}
        </Alert>
        {children}
      </>
    );
  }
  if (session.isAuthenticated) {
    // Decide only once user info says whether this is an administrator; a failed load is not one.
    if (!userInfo.data && !userInfo.isError) return <PageLoader />;
    if (hasAnyFeature(userInfo.data, 'Application.SysAdmin')) return children;
  }
  return <MaintenanceScreen message={entries.ApplicationOfflineMessage} />;
}
