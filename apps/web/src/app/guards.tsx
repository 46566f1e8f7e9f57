import type { FeatureName } from '@client-portal/contract';
import { Anchor, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { hasAnyFeature, useUserInfo } from '../lib/user-info';

/** Signed-out users reaching a signed-in route go to /signin (the page they wanted is kept in state). */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session.isAuthenticated) return <Navigate to="/signin" replace state={{ from: location }} />;
  return <Outlet />;
}

/** Users lacking every listed feature go to /. Waits for user info before deciding. */
export function RequireFeature({ features }: { features: readonly FeatureName[] }) {
  const { t } = useTranslation();
  const userInfo = useUserInfo();
  if (!userInfo.data) {
    if (userInfo.isError) {
      return (
        <Text role="alert">
          {t('chrome.userInfoFailed')}{' '}
          <Anchor component="button" type="button" onClick={() => void userInfo.refetch()}>
            {t('common.retry')}
          </Anchor>
        </Text>
      );
    }
    return (
      <Group role="status" gap="sm">
        <Loader size="sm" />
        <Text>{t('chrome.checkingAccess')}</Text>
      </Group>
    );
  }
  if (!hasAnyFeature(userInfo.data, ...features)) return <Navigate to="/" replace />;
  return <Outlet />;
}
