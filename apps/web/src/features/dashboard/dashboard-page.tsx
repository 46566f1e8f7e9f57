import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../lib/app-config-context';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useUserInfo } from '../../lib/user-info';
import { Campaigns } from './components/campaigns';
import { LatestNewsCard } from './components/latest-news-card';
import { PermitCounters, showsPermitCounters } from './components/permit-counters';

/** Home screen: welcome, permit counters (site users only), latest news and the campaigns. */
export function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t('dashboard.title'));
  const session = useSession();
  const userInfo = useUserInfo().data;
  const { entries } = useAppConfig().config;
  return (
    <Stack>
      <Title order={1}>{t('dashboard.welcome')}</Title>
      {session.isAuthenticated && <Text>{t('dashboard.welcomeUser', { email: session.account.email })}</Text>}
      {entries.WelcomeMessage && (
        <Text size="lg" data-testid="welcome-message">
          {entries.WelcomeMessage}
        </Text>
      )}
      {showsPermitCounters(userInfo) && <PermitCounters />}
      <LatestNewsCard entries={entries} />
      <Campaigns />
    </Stack>
  );
}
