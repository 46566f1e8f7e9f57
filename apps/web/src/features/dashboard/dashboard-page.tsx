import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../lib/app-config-context';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

/** Placeholder-free start of the dashboard: the counters, news and campaigns arrive with their issue. */
export function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t('dashboard.title'));
  const session = useSession();
  const welcome = useAppConfig().config.entries.WelcomeMessage;
  return (
    <Stack>
      <Title order={1}>{t('dashboard.welcome')}</Title>
      {session.isAuthenticated && <Text>{t('dashboard.welcomeUser', { email: session.account.email })}</Text>}
      {welcome && <Text data-testid="welcome-message">{welcome}</Text>}
    </Stack>
  );
}
