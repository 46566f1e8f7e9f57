import { statisticsViewSchema } from '@client-portal/contract';
import { readListState } from '../../lib/list-state';
import type { StatisticsChoice } from './api/statistics';

/** The page's choices as they stand in the query string (so a view can be shared as a link). */
export interface StatisticsView extends StatisticsChoice {
  /** The charts shown as tables. */
  tables: string[];
}

/**
 * The page's choices read through the contract's statisticsViewSchema (the server's statistics query
 * and the page's `table`), field by field: a missing or bad value is that field's default.
 */
export function viewFromParams(params: URLSearchParams): StatisticsView {
  const { site, period, from, to, table } = readListState(statisticsViewSchema, params);
  return { site, period, from, to, tables: table };
}

export function paramsFromView(view: StatisticsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.site) params.set('site', view.site);
  params.set('period', view.period);
  if (view.period === 'custom') {
    if (view.from) params.set('from', view.from);
    if (view.to) params.set('to', view.to);
  }
  if (view.tables.length > 0) params.set('table', [...view.tables].sort().join(','));
  return params;
}
