import type { ParkingStatistics } from '@client-portal/contract';
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { chartFileName, formatCount, formatDay, formatMoney } from '../format';
import { ChartCard } from './chart-card';
import { compactLegend } from './chart-legend';
import type { ChartViews } from './chart-views';
import { OccupancyHeatMap } from './occupancy-heat-map';

export function ParkingSection({ data, views }: { data: ParkingStatistics; views: ChartViews }) {
  const { t } = useTranslation();
  const weekdays = t('statistics.weekdays', { returnObjects: true }) as readonly string[];
  const file = (chart: string) => chartFileName(chart, data.scope.number ?? undefined, data.from, data.to);
  const methodName = (m: string) => t(`statistics.parking.methods.${m as 'card' | 'app' | 'cash'}`);
  const methods = data.paymentMethods.map((m) => ({ method: methodName(m.method), stays: m.stays }));
  let peak = { day: 1, hour: 0, count: 0 };
  for (const row of data.occupancy)
    row.hours.forEach((count, hour) => {
      if (count > peak.count) peak = { day: row.dayOfWeek, hour, count };
    });
  const occupancyColumns = [
    {
      id: 'day',
      header: t('statistics.parking.occupancy.day'),
      accessor: (r: ParkingStatistics['occupancy'][number]) => weekdays[r.dayOfWeek - 1],
    },
    ...Array.from({ length: 24 }, (_, hour) => ({
      id: `h${hour}`,
      header: t('statistics.parking.occupancy.hour', { hour: String(hour) }),
      accessor: (r: ParkingStatistics['occupancy'][number]) => r.hours[hour],
    })),
  ];
  return (
    <Stack component="section" aria-labelledby="statistics-parking">
      <Title order={2} id="statistics-parking">
        {t('statistics.parking.heading')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {[
          [t('statistics.parking.stays'), formatCount(data.totals.stays)],
          [t('statistics.parking.income'), formatMoney(data.totals.income)],
          [
            t('statistics.parking.averageStay'),
            t('statistics.parking.minutes', { minutes: String(data.totals.averageStayMinutes) }),
          ],
        ].map(([label, value]) => (
          <Paper key={label} withBorder p="md">
            <Text size="sm">{label}</Text>
            <Text fw={700} size="xl" data-figure={label}>
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <ChartCard
        id="stays"
        title={t('statistics.parking.days.title')}
        summary={t('statistics.parking.days.summary', {
          stays: formatCount(data.totals.stays),
          income: formatMoney(data.totals.income),
          days: String(data.days.length),
        })}
        {...views.props('stays')}
        fileName={file('stays')}
        rows={data.days}
        columns={[
          {
            id: 'day',
            header: t('statistics.parking.day'),
            accessor: (r) => r.day,
            cell: (r) => formatDay(r.day),
          },
          { id: 'stays', header: t('statistics.parking.stays'), accessor: (r) => r.stays },
          {
            id: 'income',
            header: `${t('statistics.parking.income')} (£)`,
            accessor: (r) => r.income.toFixed(2),
          },
          {
            id: 'average',
            header: t('statistics.parking.averageStayMinutes'),
            accessor: (r) => r.averageStayMinutes,
          },
        ]}
        chart={
          <LineChart
            h={260}
            data={data.days.map((d) => ({ ...d, day: formatDay(d.day) }))}
            dataKey="day"
            withRightYAxis
            withLegend
            styles={compactLegend}
            withDots={false}
            xAxisLabel={t('statistics.axis.day')}
            yAxisLabel={t('statistics.axis.stays')}
            rightYAxisLabel={t('statistics.axis.income')}
            series={[
              { name: 'stays', label: t('statistics.parking.stays'), color: 'blue.7' },
              {
                name: 'income',
                label: `${t('statistics.parking.income')} (£)`,
                color: 'teal.8',
                yAxisId: 'right',
              },
            ]}
          />
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartCard
          id="methods"
          title={t('statistics.parking.methods.title')}
          summary={t('statistics.parking.methods.summary', {
            card: '',
            app: '',
            cash: '',
            ...Object.fromEntries(data.paymentMethods.map((m) => [m.method, formatCount(m.stays)])),
          })}
          {...views.props('methods')}
          fileName={file('methods')}
          rows={methods}
          columns={[
            { id: 'method', header: t('statistics.parking.methods.method'), accessor: (r) => r.method },
            { id: 'stays', header: t('statistics.parking.stays'), accessor: (r) => r.stays },
          ]}
          chart={
            <BarChart
              h={220}
              data={methods}
              dataKey="method"
              xAxisLabel={t('statistics.axis.paymentMethod')}
              yAxisLabel={t('statistics.axis.stays')}
              xAxisProps={{ interval: 0 }}
              series={[{ name: 'stays', label: t('statistics.parking.stays'), color: 'violet.7' }]}
            />
          }
        />
        <ChartCard
          id="occupancy"
          title={t('statistics.parking.occupancy.title')}
          summary={
            peak.count === 0
              ? t('statistics.parking.occupancy.empty')
              : t('statistics.parking.occupancy.summary', {
                  day: weekdays[peak.day - 1] ?? '',
                  hour: String(peak.hour),
                  vehicles: String(peak.count),
                })
          }
          {...views.props('occupancy')}
          fileName={file('occupancy')}
          rows={data.occupancy}
          columns={occupancyColumns}
          chart={<OccupancyHeatMap rows={data.occupancy} />}
        />
      </SimpleGrid>
    </Stack>
  );
}
