import { AppShell, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { useSession } from '../../lib/session';
import { ChromeBanners } from '../chrome/chrome-banners';
import { ColorModeSync } from '../chrome/color-mode';
import { Footer } from '../chrome/footer';
import { MaintenanceGate } from '../chrome/maintenance-gate';
import { NavBar } from '../chrome/nav-bar';
import { TopBar } from '../chrome/top-bar';

/** The chrome around every route; the navbar only appears once signed in. */
export function AppLayout() {
  const session = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={
        session.isAuthenticated ? { width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } } : undefined
      }
      padding="md"
    >
      <ColorModeSync />
      <AppShell.Header>
        <TopBar navOpened={opened} onToggleNav={toggle} />
      </AppShell.Header>
      {session.isAuthenticated && (
        <AppShell.Navbar p="sm">
          <NavBar onNavigate={close} />
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        <Container size="lg" px={0}>
          <ChromeBanners />
          <MaintenanceGate>
            <Outlet />
          </MaintenanceGate>
          <Footer />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
