import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title';
import { useUserInfo } from '../../../lib/user-info';
import { ComposeForm } from './compose-form';
import { SentList } from './sent-list';

/**
 * /admin/notifications (Notifications.Send): compose and send or schedule, then the sent ones with
 * how many each reached and read it, and withdraw. Senders without all-sites access reach only users of
 * their own sites, so "everyone" is not offered to them (the server refuses it too).
 */
export function SendNotificationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('notifications.send.title'));
  const userInfo = useUserInfo().data;
  return (
    <Stack gap="xl">
      <Title order={1}>{t('notifications.send.title')}</Title>
      {userInfo && <ComposeForm allSites={userInfo.accessAllSites} />}
      <SentList />
    </Stack>
  );
}
