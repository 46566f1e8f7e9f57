import { SITE_PICKER_DEBOUNCE_MS, type Site, siteSchema } from '@client-portal/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useApiClient } from '../../lib/api-context';
import { searchTerms, shouldSearch } from './site-input';

type SiteSearchState =
  | { status: 'idle' }
  | { status: 'tooShort' }
  | { status: 'searching' }
  | { status: 'done'; sites: Site[] }
  | { status: 'failed' };

const sitesSchema = z.array(siteSchema);

/** Debounced GET /sites/search?number=…; a newer search aborts the one still in flight. */
export function useSiteSearch(input: string): SiteSearchState {
  const api = useApiClient();
  const [debounced] = useDebouncedValue(input, SITE_PICKER_DEBOUNCE_MS);
  const [state, setState] = useState<SiteSearchState>({ status: 'idle' });

  useEffect(() => {
    const terms = searchTerms(debounced);
    if (terms.length === 0) return setState({ status: 'idle' });
    if (!shouldSearch(terms)) return setState({ status: 'tooShort' });
    const controller = new AbortController();
    setState({ status: 'searching' });
    void api
      .get('/sites/search', { query: { number: terms }, signal: controller.signal, schema: sitesSchema })
      .then((result) => {
        if (controller.signal.aborted) return;
        setState(result.ok ? { status: 'done', sites: result.data } : { status: 'failed' });
      });
    return () => controller.abort();
  }, [api, debounced]);

  // Until the debounce catches up the old results would be misleading.
  if (input !== debounced && searchTerms(input).length > 0) {
    return shouldSearch(searchTerms(input)) ? { status: 'searching' } : { status: 'tooShort' };
  }
  return searchTerms(input).length === 0 ? { status: 'idle' } : state;
}
