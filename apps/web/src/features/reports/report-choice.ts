import { addIsoDays, addIsoMonths, isRealDay, type ReportFormat, ukToday } from '@client-portal/contract';

/** What the page has chosen; it lives in the query string, so a subscription's mail can link to it. */
export interface ReportChoice {
  report?: string;
  site?: string;
  from: string;
  to: string;
  format: ReportFormat;
}

/** Last month's first and last UK days: the period a report starts with. */
export function lastMonth(today = ukToday()): { from: string; to: string } {
  const firstOfThisMonth = `${today.slice(0, 8)}01`;
  return { from: addIsoMonths(firstOfThisMonth, -1), to: addIsoDays(firstOfThisMonth, -1) };
}

const day = (value: string | null) => (value && isRealDay(value) ? value : undefined);

export function choiceFromParams(params: URLSearchParams, today = ukToday()): ReportChoice {
  const fallback = lastMonth(today);
  return {
    report: params.get('report') || undefined,
    site: params.get('site')?.toUpperCase() || undefined,
    from: day(params.get('from')) ?? fallback.from,
    to: day(params.get('to')) ?? fallback.to,
    format: params.get('format') === 'xlsx' ? 'xlsx' : 'csv',
  };
}

export function paramsFromChoice(choice: ReportChoice): URLSearchParams {
  const params = new URLSearchParams();
  if (choice.report) params.set('report', choice.report);
  if (choice.site) params.set('site', choice.site);
  params.set('from', choice.from);
  params.set('to', choice.to);
  if (choice.format !== 'csv') params.set('format', choice.format);
  return params;
}
