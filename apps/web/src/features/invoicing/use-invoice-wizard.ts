import type { InvoiceDefinition, InvoicePage } from '@client-portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApiClient } from '../../lib/api-context';
import { fetchInvoicePage } from './api/get-invoice';
import { fetchInvoiceDefinition } from './api/get-invoice-definition';
import { toWireRange } from './invoice-dates';
import { type InvoiceQuery, initialQuery } from './invoice-query';

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

/**
 * The wizard's state: stage, chosen definition, query, results. Going back to an earlier stage aborts a
 * running request; going back to the first stage (Reset, Cancel) clears everything.
 */
export function useInvoiceWizard() {
  const api = useApiClient();
  const [stage, setStage] = useState<Stage>(STAGES.type);
  const [definition, setDefinition] = useState<InvoiceDefinition>();
  const [query, setQuery] = useState<InvoiceQuery>(() => initialQuery());
  const [result, setResult] = useState<{ definition: InvoiceDefinition; firstPage: InvoicePage }>();
  const [failed, setFailed] = useState(false);
  const running = useRef<AbortController>(undefined);

  const abort = useCallback(() => {
    running.current?.abort();
    running.current = undefined;
  }, []);
  useEffect(() => abort, [abort]);

  const goBack = useCallback(
    (to: Stage) => {
      abort();
      setFailed(false);
      setResult(undefined);
      if (to === STAGES.type) {
        setDefinition(undefined);
        setQuery(initialQuery());
      }
      setStage(to);
    },
    [abort],
  );

  const choose = (chosen: InvoiceDefinition) => {
    setDefinition(chosen);
    setStage(STAGES.query);
  };

  const generate = async (submitted: InvoiceQuery) => {
    if (!definition) return;
    abort();
    const controller = new AbortController();
    running.current = controller;
    setQuery(submitted);
    setFailed(false);
    setStage(STAGES.prepare);
    const site = submitted.site[0]?.siteNumber ?? '';
    try {
      // The first page in the definition's default order; the results stage asks for the others.
      const [fresh, firstPage] = await Promise.all([
        fetchInvoiceDefinition(api, definition.key, controller.signal),
        fetchInvoicePage(
          api,
          definition.key,
          site,
          toWireRange(submitted.start, submitted.end),
          controller.signal,
        ),
        minimumWait(MINIMUM_PREPARE_MS, controller.signal),
      ]);
      if (controller.signal.aborted) return;
      setResult({ definition: fresh, firstPage });
      setStage(STAGES.results);
    } catch {
      if (!controller.signal.aborted) setFailed(true);
    } finally {
      if (running.current === controller) running.current = undefined;
    }
  };

  return { stage, definition, query, result, failed, choose, generate, goBack };
}
