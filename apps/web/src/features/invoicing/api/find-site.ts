import { type Site, siteSchema } from '@client-portal/contract';
import { z } from 'zod';
import type { ApiClient } from '../../../lib/api-client';

const sitesSchema = z.array(siteSchema);

/**
 * The site or group an invoice's address names, with its name: from the user's own sites, else from
 * GET /sites/search (an exact match only); a number nobody can name keeps no name.
 */
export async function findSite(
  api: ApiClient,
  siteNumber: string,
  known: readonly Site[],
  signal?: AbortSignal,
): Promise<Site> {
  const own = known.find((site) => site.siteNumber === siteNumber);
  if (own) return own;
  const found = await api.get('/sites/search', {
    query: { number: siteNumber },
    signal,
    schema: sitesSchema,
  });
  return (
    (found.ok ? found.data.find((site) => site.siteNumber === siteNumber) : undefined) ?? {
      siteNumber,
      name: '',
    }
  );
}
