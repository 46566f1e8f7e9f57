/** Invoices and their sources: the invoicing module's public surface. */

export { invoicingSqlSnapshot } from './invoicing-sql-snapshot.js';
export { invoicingRoutes } from './routes.js';
