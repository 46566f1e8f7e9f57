import { AppShell, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SkipLink, useFocusPageHeadingOnChange } from '../../components/focus';
import { LanguageQuestion } from '../../components/language/language-switch';
import { NotificationLiveUpdates } from '../../features/notifications/live/use-notification-stream';
import { UrgentNotificationBanner } from '../../features/notifications/urgent-banner';
import { LanguageSync } from '../../lib/language';
import { PrerenderTakeOver } from '../../lib/prerender';
import { useSession } from '../../lib/session';
import { ChromeBanners } from '../chrome/chrome-banners';
import { ColorModeSync } from '../chrome/color-mode';
import { Footer } from '../chrome/footer';
import { MaintenanceGate } from '../chrome/maintenance-gate';
import { NavBar } from '../chrome/nav-bar';
import { TopBar } from '../chrome/top-bar';

const MAIN_ID = 'main-content';

/**
 * The chrome around every route; the navbar only appears once signed in. A skip link leads past it,
 * and on every change of page focus moves to the new page's heading.
 */
export function AppLayout() {
  const session = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useFocusPageHeadingOnChange(pathname, main);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={
        session.isAuthenticated ? { width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } } : undefined
      }
      padding="md"
    >
      <ColorModeSync />
      {session.isAuthenticated && <LanguageSync />}
      {/* The sign-in page takes over its own copy once its form is there (its route loads lazily). */}
      {pathname !== '/signin' && <PrerenderTakeOver />}
      <SkipLink targetId={MAIN_ID} />
      <AppShell.Header>
        <TopBar navOpened={opened} onToggleNav={toggle} />
      </AppShell.Header>
      {session.isAuthenticated && (
        <AppShell.Navbar p="sm">
          <NavBar onNavigate={close} />
        </AppShell.Navbar>
      )}
      <AppShell.Main id={MAIN_ID} ref={main} tabIndex={-1} style={{ outline: 'none' }}>
        <Container size="lg" px={0}>
          <ChromeBanners />
          {session.isAuthenticated && <NotificationLiveUpdates />}
          {session.isAuthenticated && <UrgentNotificationBanner />}
          {session.isAuthenticated && <LanguageQuestion />}
          <MaintenanceGate>
            <Outlet />
          </MaintenanceGate>
          <Footer />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
