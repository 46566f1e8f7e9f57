import type { FeatureName } from '@client-portal/contract';
import { Anchor, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { type EntryPage, firstUsablePage } from '../../lib/entry-pages';
import { hasAnyFeature, useUserInfo } from '../../lib/user-info';

/**
 * Users lacking every listed feature go to the first of `otherwise` they can use, else to /. Waits for
 * user info before deciding. Shared (not in app/) so a feature's own route list can gate each of its
 * pages by that page's feature.
 */
export function RequireFeature({
  features,
  otherwise = [],
}: {
  features: readonly FeatureName[];
  otherwise?: readonly EntryPage[];
}) {
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
  if (!hasAnyFeature(userInfo.data, ...features)) {
    return <Navigate to={firstUsablePage(userInfo.data, otherwise) ?? '/'} replace />;
  }
  return <Outlet />;
}
