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
    {
      // Issue 24: the charges at the caller's sites, with cancel and reduce on each open ticket. Last in
      // preference, so /tickets leads where the spec says (overview, else cancel or reduce).
      path: 'list',
      features: ['Tickets.Cancel', 'Tickets.Reduce'],
      entry: true,
      title: 'tickets.menu.list',
      lazy: () => import('./tickets-list-page').then((m) => ({ Component: m.TicketsListPage })),
    },
    {
      path: 'list/cancel/:ticketNumber',
      features: ['Tickets.Cancel'],
      lazy: () => import('./charge-action-page').then((m) => ({ Component: m.CancelChargePage })),
    },
    {
      path: 'list/reduce/:ticketNumber',
      features: ['Tickets.Reduce'],
      lazy: () => import('./charge-action-page').then((m) => ({ Component: m.ReduceChargePage })),
    },
  ],
} as const satisfies FeatureRoutes;
