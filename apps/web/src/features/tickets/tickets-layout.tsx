import { Grid } from '@mantine/core';
import { Outlet } from 'react-router';
import { TicketsMenu } from './components/tickets-menu';

/** The side menu beside the current Tickets page. */
export function TicketsLayout() {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <TicketsMenu />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Outlet />
      </Grid.Col>
    </Grid>
  );
}
