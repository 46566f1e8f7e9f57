import { type DownloadFormat, type InvoicePage, invoicePageSchema } from '@client-portal/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { invoiceKeys } from '../../../lib/query-keys';
import type { InvoicePageRequest } from '../invoice-query';

const path = (key: string, site: string) => `/invoice/${encodeURIComponent(key)}/${encodeURIComponent(site)}`;

/** GET /invoice/{key}/{site}?from&to (`to` is EXCLUSIVE: the last day chosen plus one), one page. */
export function fetchInvoicePage(
  api: ApiClient,
  key: string,
  site: string,
  request: InvoicePageRequest,
  signal?: AbortSignal,
): Promise<InvoicePage> {
  return api
    .get(path(key, site), {
      query: { ...request, skip: request.skip || undefined },
      signal,
      schema: invoicePageSchema,
    })
    .then(unwrap);
}

/** One page of the results table; the previous page stays on screen until the next one arrives. */
export function invoicePageQueryOptions(
  api: ApiClient,
  key: string,
  site: string,
  request: InvoicePageRequest,
) {
  return queryOptions({
    queryKey: invoiceKeys.page(key, site, request),
    queryFn: ({ signal }) => fetchInvoicePage(api, key, site, request, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET …/_export: the whole invoice as the server's file (text for Excel or a workbook), in the table's order. */
export function fetchInvoiceExport(
  api: ApiClient,
  key: string,
  site: string,
  request: InvoicePageRequest,
  format: DownloadFormat = 'csv',
) {
  const { from, to, sort, direction } = request;
  return api
    .getFile(`${path(key, site)}/_export`, { query: { from, to, sort, direction, format } })
    .then(unwrap);
}
