import { type InvoiceDefinition, type InvoicePage, invoiceResultsQuerySchema } from '@client-portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApiClient } from '../../lib/api-context';
import { useListState } from '../../lib/use-list-state';
import { useUserInfo } from '../../lib/user-info';
import { findSite } from './api/find-site';
import { fetchInvoicePage } from './api/get-invoice';
import { fetchInvoiceDefinition } from './api/get-invoice-definition';
import { toWireRange } from './invoice-dates';
import {
  addressedInvoice,
  type InvoicePageRequest,
  type InvoiceQuery,
  initialQuery,
  invoicePageRequest,
} from './invoice-query';

export const STAGES = { type: 0, query: 1, prepare: 2, results: 3 } as const;
export type Stage = (typeof STAGES)[keyof typeof STAGES];

/** The prepare stage shows for at least this long, so a fast answer does not flash past. */
const MINIMUM_PREPARE_MS = 500;

function minimumWait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/** The results: the definition read afresh, and the first page shown with the request it answers. */
export interface InvoiceResult {
  definition: InvoiceDefinition;
  firstPage: InvoicePage;
  request: InvoicePageRequest;
}

/**
 * The wizard's state: stage, chosen definition, query, results. Going back to an earlier stage aborts a
 * running request; going back to the first stage (Reset, Cancel) clears everything.
 *
 * The results live in the address (decision 28, invoiceResultsQuerySchema): the invoice (key, site, wire
 * range) once generated, and the results table's sort and page. A reload or a shared link reopens the
 * wizard at the results, through the prepare stage, on the page the address names; leaving the results
 * takes the invoice out of the address again. The earlier stages keep their choices in memory only.
 */
export function useInvoiceWizard() {
  const api = useApiClient();
  const [address, setAddress] = useListState(invoiceResultsQuerySchema);
  const knownSites = useUserInfo().data?.sites;
  const [stage, setStage] = useState<Stage>(() => (addressedInvoice(address) ? STAGES.prepare : STAGES.type));
  const [definition, setDefinition] = useState<InvoiceDefinition>();
  const [query, setQuery] = useState<InvoiceQuery>(() => initialQuery());
  const [result, setResult] = useState<InvoiceResult>();
  const [failed, setFailed] = useState(false);
  const running = useRef<AbortController>(undefined);

  const abort = useCallback(() => {
    running.current?.abort();
    running.current = undefined;
  }, []);
  useEffect(() => abort, [abort]);

  /**
   * Runs one prepare stage: `work` resolves to the results, or throws (failed) unless aborted. True when
   * the results are shown.
   */
  const prepare = useCallback(
    async (work: (signal: AbortSignal) => Promise<InvoiceResult>): Promise<boolean> => {
      abort();
      const controller = new AbortController();
      running.current = controller;
      setFailed(false);
      setStage(STAGES.prepare);
      try {
        const [ready] = await Promise.all([
          work(controller.signal),
          minimumWait(MINIMUM_PREPARE_MS, controller.signal),
        ]);
        if (controller.signal.aborted) return false;
        setResult(ready);
        setStage(STAGES.results);
        return true;
      } catch {
        if (!controller.signal.aborted) setFailed(true);
        return false;
      } finally {
        if (running.current === controller) running.current = undefined;
      }
    },
    [abort],
  );

  // An address naming a whole invoice reopens the wizard at its results, on the page it names.
  const opening = useRef(address);
  const sites = useRef(knownSites);
  sites.current = knownSites;
  useEffect(() => {
    const opened = opening.current;
    const wanted = addressedInvoice(opened);
    if (!wanted) return;
    void prepare(async (signal) => {
      const chosen = await fetchInvoiceDefinition(api, wanted.key, signal);
      setDefinition(chosen);
      const site = await findSite(api, wanted.site, sites.current ?? [], signal);
      setQuery({ site: [site], start: wanted.start, end: wanted.end });
      const request = invoicePageRequest(opened, chosen, toWireRange(wanted.start, wanted.end));
      const firstPage = await fetchInvoicePage(api, chosen.key, wanted.site, request, signal);
      return { definition: chosen, firstPage, request };
    });
    return abort;
  }, [api, prepare, abort]);

  const goBack = useCallback(
    (to: Stage) => {
      abort();
      setFailed(false);
      setResult(undefined);
      // The invoice leaves the address with the results (a reopened wizard may have no definition yet).
      setAddress({}, { replace: true });
      const first = to === STAGES.type || (to === STAGES.query && !definition);
      if (first) {
        setDefinition(undefined);
        setQuery(initialQuery());
      }
      setStage(first ? STAGES.type : to);
    },
    [abort, setAddress, definition],
  );

  const choose = (chosen: InvoiceDefinition) => {
    setDefinition(chosen);
    setStage(STAGES.query);
  };

  const generate = async (submitted: InvoiceQuery) => {
    if (!definition) return;
    setQuery(submitted);
    const site = submitted.site[0]?.siteNumber ?? '';
    const range = toWireRange(submitted.start, submitted.end);
    const shown = await prepare(async (signal) => {
      // The first page in the definition's default order; the results stage asks for the others.
      const [fresh, firstPage] = await Promise.all([
        fetchInvoiceDefinition(api, definition.key, signal),
        fetchInvoicePage(api, definition.key, site, range, signal),
      ]);
      return { definition: fresh, firstPage, request: invoicePageRequest({ skip: 0 }, fresh, range) };
    });
    // The new invoice in the address, at its first page in its default order.
    if (shown) setAddress({ key: definition.key, site, ...range }, { replace: true });
  };

  return { stage, definition, query, result, failed, choose, generate, goBack };
}
