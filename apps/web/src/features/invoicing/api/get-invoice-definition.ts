import { type InvoiceDefinition, invoiceDefinitionSchema } from '@client-portal/contract';
import { type ApiClient, unwrap } from '../../../lib/api-client';

/** GET /invoice/{key}/_definition: fetched afresh with the data, so columns and rows always match. */
export function fetchInvoiceDefinition(
  api: ApiClient,
  key: string,
  signal?: AbortSignal,
): Promise<InvoiceDefinition> {
  return api
    .get(`/invoice/${encodeURIComponent(key)}/_definition`, { signal, schema: invoiceDefinitionSchema })
    .then(unwrap);
}
