/** Tickets (penalty charges): the tickets module's public surface. */

export { findTicketsCoveredBy } from './covered-tickets-repository.js';
export { ticketRoutes } from './routes.js';
export {
  coveredTicketsSqlSnapshot,
  ticketListSqlSnapshot,
  ticketsSqlSnapshot,
} from './tickets-sql-snapshot.js';
