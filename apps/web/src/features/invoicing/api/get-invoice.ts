import { type InvoiceRow, invoiceRowsSchema } from '@client-portal/contract';
import { type ApiClient, unwrap } from '../../../lib/api-client';

/** GET /invoice/{key}/{site}?from&to: `to` is EXCLUSIVE (the last day chosen plus one). */
export function fetchInvoice(
  api: ApiClient,
  key: string,
  site: string,
  range: { from: string; to: string },
  signal?: AbortSignal,
): Promise<InvoiceRow[]> {
  return api
    .get(`/invoice/${encodeURIComponent(key)}/${encodeURIComponent(site)}`, {
      query: range,
      signal,
      schema: invoiceRowsSchema,
    })
    .then(unwrap);
}
