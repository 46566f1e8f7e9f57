import { greetingNameOf } from '@client-portal/contract';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../lib/app-config-context';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { hasAnyFeature, useUserInfo } from '../../lib/user-info';
import { Campaigns } from './components/campaigns';
import { ChargesToday } from './components/charges-today';
import { LatestNewsCard } from './components/latest-news-card';
import { PermitCounters, showsPermitCounters } from './components/permit-counters';
import { RecentActions } from './components/recent-actions';
import { VisitorsToday } from './components/visitors-today';

/**
 * Home screen: a greeting by name, the permit counters (site users only: current, ending soon,
 * expired, upcoming), the visitor figures (those who add permits and have visitor links), the user's
 * recent actions, latest news and the campaigns.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t('dashboard.title'));
  const session = useSession();
  const userInfo = useUserInfo().data;
  const { entries } = useAppConfig().config;
  // Accounts hold no name: the greeting reads one from the address (james.wilson@ is James Wilson).
  const name = session.isAuthenticated ? greetingNameOf(session.account.email) : '';
  // The charges at the user's own sites (all-sites staff would count the whole estate, as the counters).
  const showsCharges = Boolean(
    userInfo && !userInfo.accessAllSites && hasAnyFeature(userInfo, 'Tickets.Cancel', 'Tickets.Reduce'),
  );
  return (
    <Stack>
      <Title order={1}>{t('dashboard.title')}</Title>
      {session.isAuthenticated && (
        <Text>
          {name
            ? t('dashboard.greeting', { name, email: session.account.email })
            : t('dashboard.welcomeUser', { email: session.account.email })}
        </Text>
      )}
      {entries.WelcomeMessage && (
        <Text size="lg" data-testid="welcome-message">
          {entries.WelcomeMessage}
        </Text>
      )}
      {showsPermitCounters(userInfo) && <PermitCounters />}
      {showsCharges && <ChargesToday />}
      {userInfo && hasAnyFeature(userInfo, 'Permits.Add') && <VisitorsToday />}
      {session.isAuthenticated && <RecentActions />}
      <LatestNewsCard entries={entries} />
      <Campaigns />
    </Stack>
  );
}
