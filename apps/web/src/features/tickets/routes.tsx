import type { RouteObject } from 'react-router';
import { RequireFeature } from '../../components/require-feature';

/** Children of /tickets (the area guard admits any Tickets feature); each page is its own chunk. */
export const ticketsRoutes: RouteObject[] = [
  {
    lazy: () => import('./tickets-layout').then((m) => ({ Component: m.TicketsLayout })),
    children: [
      {
        index: true,
        lazy: () => import('./tickets-index-page').then((m) => ({ Component: m.TicketsIndexPage })),
      },
      {
        path: 'overview',
        element: <RequireFeature features={['Tickets.Cancel', 'Tickets.Reduce']} />,
        children: [
          { index: true, lazy: () => import('./overview-page').then((m) => ({ Component: m.OverviewPage })) },
        ],
      },
      {
        path: 'cancel',
        element: <RequireFeature features={['Tickets.Cancel']} />,
        children: [
          {
            index: true,
            lazy: () => import('./ticket-action-page').then((m) => ({ Component: m.CancelTicketPage })),
          },
        ],
      },
      {
        path: 'reduce',
        element: <RequireFeature features={['Tickets.Reduce']} />,
        children: [
          {
            index: true,
            lazy: () => import('./ticket-action-page').then((m) => ({ Component: m.ReduceTicketPage })),
          },
        ],
      },
    ],
  },
];
