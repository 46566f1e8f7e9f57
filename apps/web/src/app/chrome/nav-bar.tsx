import { NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useUserInfo } from '../../lib/user-info';
import { navItems } from './nav-items';
import { Snowflakes } from './snowflakes';

export function NavBar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const userInfo = useUserInfo().data;
  const visible = navItems.flatMap((item) => {
    const to = userInfo ? item.target(userInfo) : item.area === '/' ? '/' : undefined;
    return to ? [{ ...item, to }] : [];
  });

  return (
    <Stack component="nav" aria-label={t('chrome.mainNavigation')} gap={2} pos="relative" h="100%">
      <Snowflakes />
      {visible.map((item) => {
        const active = item.area === '/' ? pathname === '/' : pathname.startsWith(item.area);
        return (
          <NavLink
            key={item.area}
            component={Link}
            to={item.to}
            label={t(item.labelKey)}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </Stack>
  );
}
