import type { SqlSnapshot } from './db/sql-snapshots.js';
import { invoicingSqlSnapshot } from './modules/invoicing/index.js';
import { permitsListSqlSnapshot } from './modules/permits/index.js';
import { statisticsSqlSnapshot } from './modules/statistics/index.js';
import { coveredTicketsSqlSnapshot, ticketsSqlSnapshot } from './modules/tickets/index.js';

/**
 * Every repository whose SQL is committed beside it (decision 31): the modules on Kysely, and the
 * permits list's hot path (still drizzle `sql`).
 */
export const sqlSnapshots: readonly SqlSnapshot[] = [
  statisticsSqlSnapshot,
  invoicingSqlSnapshot,
  permitsListSqlSnapshot,
  ticketsSqlSnapshot,
  coveredTicketsSqlSnapshot,
];
