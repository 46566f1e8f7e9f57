import type { EnforcementStatistics } from '@client-portal/contract';
import { BarChart } from '@mantine/charts';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { chartFileName, formatCount, formatMonth } from '../format';
import { ChartCard } from './chart-card';
import { compactLegend } from './chart-legend';
import type { ChartViews } from './chart-views';

export function EnforcementSection({ data, views }: { data: EnforcementStatistics; views: ChartViews }) {
  const { t } = useTranslation();
  const sum = (k: 'issued' | 'cancellations' | 'reductions') => data.months.reduce((s, m) => s + m[k], 0);
  const allowance = data.months[0]?.cancellationAllowance ?? null;
  const limit = (value: number | null) => (value === null ? t('statistics.enforcement.unlimited') : value);
  return (
    <Stack component="section" aria-labelledby="statistics-enforcement">
      <Title order={2} id="statistics-enforcement">
        {t('statistics.enforcement.heading')}
      </Title>
      <ChartCard
        id="enforcement"
        title={t('statistics.enforcement.title')}
        summary={t('statistics.enforcement.summary', {
          issued: formatCount(sum('issued')),
          cancellations: formatCount(sum('cancellations')),
          reductions: formatCount(sum('reductions')),
        })}
        {...views.props('enforcement')}
        fileName={chartFileName('enforcement', data.scope.number ?? undefined, data.from, data.to)}
        rows={data.months}
        columns={[
          {
            id: 'month',
            header: t('statistics.enforcement.month'),
            accessor: (r) => r.month,
            cell: (r) => formatMonth(r.month),
          },
          { id: 'issued', header: t('statistics.enforcement.issued'), accessor: (r) => r.issued },
          {
            id: 'cancellations',
            header: t('statistics.enforcement.cancellations'),
            accessor: (r) => r.cancellations,
          },
          {
            id: 'cancellationAllowance',
            header: t('statistics.enforcement.cancellationAllowance'),
            accessor: (r) => limit(r.cancellationAllowance),
          },
          { id: 'reductions', header: t('statistics.enforcement.reductions'), accessor: (r) => r.reductions },
          {
            id: 'reductionAllowance',
            header: t('statistics.enforcement.reductionAllowance'),
            accessor: (r) => limit(r.reductionAllowance),
          },
        ]}
        chart={
          <BarChart
            h={260}
            data={data.months.map((m) => ({ ...m, month: formatMonth(m.month) }))}
            dataKey="month"
            withLegend
            styles={compactLegend}
            xAxisLabel={t('statistics.axis.month')}
            yAxisLabel={t('statistics.axis.tickets')}
            referenceLines={
              allowance === null
                ? []
                : [{ y: allowance, label: t('statistics.enforcement.cancellationAllowance'), color: 'red.8' }]
            }
            series={[
              { name: 'issued', label: t('statistics.enforcement.issuedShort'), color: 'blue.7' },
              { name: 'cancellations', label: t('statistics.enforcement.cancellations'), color: 'red.8' },
              { name: 'reductions', label: t('statistics.enforcement.reductions'), color: 'orange.8' },
            ]}
          />
        }
      />
    </Stack>
  );
}
