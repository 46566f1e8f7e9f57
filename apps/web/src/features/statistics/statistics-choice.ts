import { type StatisticsPeriod, statisticsPeriods } from '@client-portal/contract';
import type { StatisticsChoice } from './api/statistics';

/** The page's choices as they stand in the query string (so a view can be shared as a link). */
export interface StatisticsView extends StatisticsChoice {
  /** The charts shown as tables. */
  tables: string[];
}

export function viewFromParams(params: URLSearchParams): StatisticsView {
  const period = params.get('period');
  return {
    site: params.get('site') || undefined,
    period: statisticsPeriods.includes(period as StatisticsPeriod)
      ? (period as StatisticsPeriod)
      : 'last-month',
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    tables: (params.get('table') ?? '').split(',').filter(Boolean),
  };
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
