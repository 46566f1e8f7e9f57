/** Invoices and their sources: the invoicing module's public surface. */
export { invoicingRoutes } from './routes.js';
