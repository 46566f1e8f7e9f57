import { AppShell, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { useSession } from '../../lib/session';
import { Footer } from '../chrome/footer';
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
          <Outlet />
          <Footer />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
