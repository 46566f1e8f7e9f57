import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import classes from './permits-layout.module.css';

/** The Permits section: its title over the current page, which fades in on each change of page. */
export function PermitsLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack>
      <Title order={1}>{t('permits.title')}</Title>
      <div key={pathname} className={classes.page}>
        <Outlet />
      </div>
    </Stack>
  );
}
