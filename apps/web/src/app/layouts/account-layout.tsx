import { Grid, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session';

interface AccountLink {
  to: string;
  labelKey: 'account.nav.overview' | 'account.nav.support' | 'account.nav.password' | 'account.nav.twoFactor';
  /** Password and two-factor belong to password accounts; single sign-on users manage them elsewhere. */
  identityOnly?: boolean;
}

const accountLinks: readonly AccountLink[] = [
  { to: '/account/overview', labelKey: 'account.nav.overview' },
  { to: '/account/support', labelKey: 'account.nav.support' },
  { to: '/account/password', labelKey: 'account.nav.password', identityOnly: true },
  { to: '/account/two-factor', labelKey: 'account.nav.twoFactor', identityOnly: true },
];

/** The account section: side links beside the page. */
export function AccountLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession();
  const isIdentity = session.isAuthenticated && session.type === 'identity';
  const links = accountLinks.filter((link) => !link.identityOnly || isIdentity);

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <Stack component="nav" aria-label={t('account.nav.label')} gap={2}>
          {links.map((link) => {
            const active = pathname.startsWith(link.to);
            return (
              <NavLink
                key={link.to}
                component={Link}
                to={link.to}
                label={t(link.labelKey)}
                active={active}
                aria-current={active ? 'page' : undefined}
              />
            );
          })}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 9 }}>
        <Outlet />
      </Grid.Col>
    </Grid>
  );
}
