import type { FastifyInstance } from 'fastify';
import type { Queries } from '../apps/server/src/db/kysely.js';
import { invoiceDefinitions } from '../apps/server/src/modules/invoicing/definitions.js';
import { invoiceSources } from '../apps/server/src/modules/invoicing/invoice-sources.js';
import { pageInvoice } from '../apps/server/src/modules/invoicing/invoicing-repository.js';

/** The invoice's first page through the same repository call the project makes, without the rest. */
export function bareInvoiceRoutes(bare: FastifyInstance, queries: Queries) {
  bare.get<{ Querystring: { site: string; from: string; to: string } }>('/bare/invoice', async (request) => {
    const { site, from, to } = request.query;
    const source = invoiceSources['parking-transactions'];
    const definition = invoiceDefinitions['parking-transactions'];
    return pageInvoice(
      queries,
      source,
      { siteNumbers: [site], groupNumbers: [], from, to },
      { key: source.sortKeys[definition.defaultSort.column]!, id: source.id, desc: false },
      { skip: 0 },
    );
  });
}
