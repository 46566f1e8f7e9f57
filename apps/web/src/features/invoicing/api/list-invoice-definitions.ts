import { type InvoiceDefinition, invoiceDefinitionSchema } from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { invoiceKeys } from '../../../lib/query-keys';

const definitionsSchema = z.array(invoiceDefinitionSchema);

/** GET /invoice/_definitions: the invoices the caller can generate. */
function fetchInvoiceDefinitions(api: ApiClient, signal?: AbortSignal): Promise<InvoiceDefinition[]> {
  return api.get('/invoice/_definitions', { signal, schema: definitionsSchema }).then(unwrap);
}

function invoiceDefinitionsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: invoiceKeys.definitions,
    queryFn: ({ signal }) => fetchInvoiceDefinitions(api, signal),
    staleTime: 10 * 60_000,
  });
}

export function useInvoiceDefinitions() {
  return useQuery(invoiceDefinitionsQueryOptions(useApiClient()));
}
