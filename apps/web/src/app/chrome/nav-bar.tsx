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

  const current = visible
    .filter((item) => (item.area === '/' ? pathname === '/' : pathname.startsWith(item.area)))
    .sort((a, b) => b.area.length - a.area.length)[0]?.area;

  return (
    <Stack component="nav" aria-label={t('chrome.mainNavigation')} gap={2} pos="relative" h="100%">
      <Snowflakes />
      {visible.map((item) => {
        // The longest area holding the page is the current one (/admin/notifications is not /admin).
        const active = item.area === current;
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
