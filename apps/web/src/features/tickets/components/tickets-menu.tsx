import { NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { hasAnyFeature, type UserInfo, useUserInfo } from '../../../lib/user-info';

type MenuEntry = 'overview' | 'cancel' | 'reduce';

/** The menu entries a user sees: Overview hidden from users with all sites; each action per its feature. */
export function ticketsMenuEntries(userInfo: Pick<UserInfo, 'featureNames' | 'accessAllSites'>): MenuEntry[] {
  const canCancel = hasAnyFeature(userInfo, 'Tickets.Cancel');
  const canReduce = hasAnyFeature(userInfo, 'Tickets.Reduce');
  const entries: MenuEntry[] = [];
  if (!userInfo.accessAllSites && (canCancel || canReduce)) entries.push('overview');
  if (canCancel) entries.push('cancel');
  if (canReduce) entries.push('reduce');
  return entries;
}

/** The Tickets side menu. */
export function TicketsMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const userInfo = useUserInfo().data;
  if (!userInfo) return null;
  return (
    <Stack component="nav" aria-label={t('tickets.menu.label')} gap={2}>
      {ticketsMenuEntries(userInfo).map((entry) => {
        const to = `/tickets/${entry}`;
        const active = pathname.startsWith(to);
        return (
          <NavLink
            key={entry}
            component={Link}
            to={to}
            label={t(`tickets.menu.${entry}`)}
            active={active}
            aria-current={active ? 'page' : undefined}
          />
        );
      })}
    </Stack>
  );
}
