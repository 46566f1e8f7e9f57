import { Grid, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { pagePath } from '../../lib/feature-routes';
import { sessionType, useSession } from '../../lib/session';
import { ownAccountRoutes } from '../account-routes';

const accountLinks = ownAccountRoutes.pages.flatMap((page) =>
  page.title ? [{ to: pagePath(ownAccountRoutes, page), title: page.title, page }] : [],
);

/** The account section: side links beside the page. */
export function AccountLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession();
  const isPasswordSession = session.isAuthenticated && session.type === sessionType.password;
  const links = accountLinks.filter((link) => !link.page.passwordSessionOnly || isPasswordSession);

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
                label={t(link.title)}
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
