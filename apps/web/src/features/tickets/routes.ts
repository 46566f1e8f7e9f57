import type { FeatureRoutes } from '../../lib/feature-routes';

/**
 * /tickets (operations spec section 2): any Tickets feature opens the area; /tickets itself sends the
 * user to the first page they can use: the allowances overview for users limited to their own sites
 * who may act on tickets, otherwise straight to an action page. Each page is its own chunk.
 */
export const ticketsRoutes = {
  path: '/tickets',
  features: ['Tickets.Cancel', 'Tickets.Reduce', 'Tickets.ViewCancelled', 'Tickets.ViewReduced'],
  layout: () => import('./tickets-layout').then((m) => ({ Component: m.TicketsLayout })),
  pages: [
    { lazy: () => import('./tickets-index-page').then((m) => ({ Component: m.TicketsIndexPage })) },
    {
      path: 'overview',
      features: ['Tickets.Cancel', 'Tickets.Reduce'],
      // Hidden from users with access to all sites (the page sends them on to reduce).
      entry: (user) => !user.accessAllSites,
      title: 'tickets.menu.overview',
      lazy: () => import('./overview-page').then((m) => ({ Component: m.OverviewPage })),
    },
    {
      path: 'cancel',
      // A user who may only read the cancelled tickets gets the page with its history alone.
      features: ['Tickets.Cancel', 'Tickets.ViewCancelled'],
      entry: true,
      title: 'tickets.menu.cancel',
      lazy: () => import('./ticket-action-page').then((m) => ({ Component: m.CancelTicketPage })),
    },
    {
      path: 'reduce',
      features: ['Tickets.Reduce', 'Tickets.ViewReduced'],
      entry: true,
      title: 'tickets.menu.reduce',
      lazy: () => import('./ticket-action-page').then((m) => ({ Component: m.ReduceTicketPage })),
    },
  ],
} as const satisfies FeatureRoutes;
