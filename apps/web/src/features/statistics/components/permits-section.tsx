import type { PermitStatistics } from '@client-portal/contract';
import { AreaChart, BarChart } from '@mantine/charts';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { chartFileName, formatCount, formatDay } from '../format';
import { ChartCard } from './chart-card';
import { compactLegend } from './chart-legend';
import type { ChartViews } from './chart-views';

export function PermitsSection({ data, views }: { data: PermitStatistics; views: ChartViews }) {
  const { t } = useTranslation();
  const file = (chart: string) => chartFileName(chart, data.scope.number ?? undefined, data.from, data.to);
  const kinds = [
    { name: 'temporary', label: t('statistics.permits.temporary'), color: 'orange.8' },
    { name: 'permanent', label: t('statistics.permits.permanent'), color: 'blue.7' },
    // Permits visitors registered through a visitor link (decision 47), apart from other temporary ones.
    { name: 'visitor', label: t('statistics.permits.visitor'), color: 'teal.8' },
  ];
  const last = data.active.at(-1) ?? { day: data.to, temporary: 0, permanent: 0, visitor: 0 };
  const added = data.addedPerWeek.reduce((sum, w) => sum + w.temporary + w.permanent + w.visitor, 0);
  return (
    <Stack component="section" aria-labelledby="statistics-permits">
      <Title order={2} id="statistics-permits">
        {t('statistics.permits.heading')}
      </Title>
      <ChartCard
        id="active"
        title={t('statistics.permits.active.title')}
        summary={t('statistics.permits.active.summary', {
          day: formatDay(last.day),
          temporary: formatCount(last.temporary),
          permanent: formatCount(last.permanent),
          visitor: formatCount(last.visitor),
        })}
        {...views.props('active')}
        fileName={file('active-permits')}
        rows={data.active}
        columns={[
          {
            id: 'day',
            header: t('statistics.parking.day'),
            accessor: (r) => r.day,
            cell: (r) => formatDay(r.day),
          },
          { id: 'temporary', header: t('statistics.permits.temporary'), accessor: (r) => r.temporary },
          { id: 'permanent', header: t('statistics.permits.permanent'), accessor: (r) => r.permanent },
          { id: 'visitor', header: t('statistics.permits.visitor'), accessor: (r) => r.visitor },
        ]}
        chart={
          <AreaChart
            h={240}
            data={data.active.map((d) => ({ ...d, day: formatDay(d.day) }))}
            dataKey="day"
            type="stacked"
            withLegend
            styles={compactLegend}
            withDots={false}
            xAxisLabel={t('statistics.axis.day')}
            yAxisLabel={t('statistics.axis.activePermits')}
            series={kinds}
          />
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartCard
          id="added"
          title={t('statistics.permits.added.title')}
          summary={t('statistics.permits.added.summary', { total: formatCount(added) })}
          {...views.props('added')}
          fileName={file('permits-added')}
          rows={data.addedPerWeek}
          columns={[
            {
              id: 'week',
              header: t('statistics.permits.added.week'),
              accessor: (r) => r.week,
              cell: (r) => formatDay(r.week),
            },
            { id: 'temporary', header: t('statistics.permits.temporary'), accessor: (r) => r.temporary },
            { id: 'permanent', header: t('statistics.permits.permanent'), accessor: (r) => r.permanent },
            { id: 'visitor', header: t('statistics.permits.visitor'), accessor: (r) => r.visitor },
          ]}
          chart={
            <BarChart
              h={220}
              data={data.addedPerWeek.map((w) => ({ ...w, week: formatDay(w.week) }))}
              dataKey="week"
              type="stacked"
              withLegend
              styles={compactLegend}
              xAxisLabel={t('statistics.axis.weekStarting')}
              yAxisLabel={t('statistics.axis.addedPermits')}
              series={kinds}
            />
          }
        />
        <ChartCard
          id="reasons"
          title={t('statistics.permits.reasons.title')}
          summary={t('statistics.permits.reasons.summary', { total: String(data.reasons.length) })}
          {...views.props('reasons')}
          fileName={file('permit-reasons')}
          rows={data.reasons}
          columns={[
            { id: 'reason', header: t('statistics.permits.reasons.reason'), accessor: (r) => r.name },
            { id: 'added', header: t('statistics.permits.reasons.added'), accessor: (r) => r.added },
          ]}
          chart={
            <BarChart
              h={220}
              data={data.reasons}
              dataKey="name"
              orientation="vertical"
              xAxisLabel={t('statistics.axis.addedPermits')}
              yAxisLabel={t('statistics.axis.reason')}
              // Every reason keeps its label, however many there are.
              yAxisProps={{ width: 120, interval: 0 }}
              series={[{ name: 'added', label: t('statistics.permits.reasons.added'), color: 'grape.7' }]}
            />
          }
        />
      </SimpleGrid>
    </Stack>
  );
}
