import { Anchor, Burger, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { useSession } from '../../lib/session';
import { AccountMenu } from './account-menu';
import { WEBSITE_URL } from './links';

interface Props {
  navOpened: boolean;
  onToggleNav(): void;
}

export function TopBar({ navOpened, onToggleNav }: Props) {
  const { t } = useTranslation();
  const session = useSession();
  // The sign-in page does not link to itself.
  const onSignIn = useLocation().pathname === '/signin';

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {session.isAuthenticated && (
          <Burger
            opened={navOpened}
            onClick={onToggleNav}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('chrome.toggleNavigation')}
          />
        )}
        <Anchor component={Link} to="/" underline="never" c="inherit">
          <Title order={2} size="h4" style={{ whiteSpace: 'nowrap' }}>
            {t('common.appName')}
          </Title>
        </Anchor>
      </Group>
      <Group gap="md" wrap="nowrap">
        <Anchor href={WEBSITE_URL} size="sm" visibleFrom="sm">
          {t('chrome.backToWebsite')}
        </Anchor>
        {session.isAuthenticated ? (
          <>
            <NotificationBell />
            <Text size="sm" c="dimmed" visibleFrom="md" data-testid="signed-in-email">
              {t('chrome.signedInAs', { email: session.account.email })}
            </Text>
            <Anchor component={Link} to="/help" size="sm">
              {t('chrome.help')}
            </Anchor>
            <AccountMenu />
            <Anchor component={Link} to="/signout" size="sm" visibleFrom="sm">
              {t('chrome.signOut')}
            </Anchor>
          </>
        ) : (
          !onSignIn && (
            <Anchor component={Link} to="/signin" size="sm">
              {t('chrome.signIn')}
            </Anchor>
          )
        )}
      </Group>
    </Group>
  );
}
