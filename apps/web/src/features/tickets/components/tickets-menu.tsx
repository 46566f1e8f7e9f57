import { NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type EntryUser, usableEntryPages } from '../../../lib/feature-routes';
import { useUserInfo } from '../../../lib/user-info';
import { ticketsRoutes } from '../routes';

/** The menu entries a user sees: the Tickets pages their routes let them use. */
export const ticketsMenuEntries = (user: EntryUser) => usableEntryPages(ticketsRoutes, user);

/** The Tickets side menu. */
export function TicketsMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const userInfo = useUserInfo().data;
  if (!userInfo) return null;
  return (
    <Stack component="nav" aria-label={t('tickets.menu.label')} gap={2}>
      {ticketsMenuEntries(userInfo).map(({ to, title }) => {
        const active = pathname.startsWith(to);
        return (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={title && t(title)}
            active={active}
            aria-current={active ? 'page' : undefined}
          />
        );
      })}
    </Stack>
  );
}
