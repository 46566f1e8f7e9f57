import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/data-table';
import { buildCsv, downloadCsv } from '../../../components/data-table/csv-export';

interface ChartCardProps<T> {
  /** Names the chart in the query string and in the file name. */
  id: string;
  title: string;
  /** One sentence saying what the chart shows, read with it. */
  summary: string;
  chart: ReactNode;
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  fileName: string;
  asTable: boolean;
  onViewChange(asTable: boolean): void;
}

/** A chart with its table view (the same figures, for screen readers and keyboards) and its CSV. */
export function ChartCard<T>(props: ChartCardProps<T>) {
  const { t } = useTranslation();
  const headingId = `chart-${props.id}-heading`;
  const summaryId = `chart-${props.id}-summary`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} data-chart={props.id}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} id={headingId}>
            {props.title}
          </Title>
          <Group gap="xs">
            <SegmentedControl
              size="xs"
              aria-label={t('statistics.view.label', { title: props.title })}
              value={props.asTable ? 'table' : 'chart'}
              onChange={(value) => props.onViewChange(value === 'table')}
              data={[
                { value: 'chart', label: t('statistics.view.chart') },
                { value: 'table', label: t('statistics.view.table') },
              ]}
            />
            <Button
              size="xs"
              variant="default"
              aria-label={t('statistics.view.downloadLabel', { title: props.title })}
              onClick={() => downloadCsv(props.fileName, buildCsv(props.columns, props.rows))}
            >
              {t('statistics.view.download')}
            </Button>
          </Group>
        </Group>
        <Text size="sm" id={summaryId}>
          {props.summary}
        </Text>
        {props.asTable ? (
          <ChartTable id={props.id} title={props.title} columns={props.columns} rows={props.rows} />
        ) : (
          <div aria-describedby={summaryId}>{props.chart}</div>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A chart's table view, sorted and paged in the browser; its sort and page are kept in the address
 * under the chart's id (`{id}.sort`, decision 28) beside the statistics page's choices.
 */
function ChartTable<T>(props: Pick<ChartCardProps<T>, 'id' | 'title' | 'columns' | 'rows'>) {
  const state = useTableState({ prefix: `${props.id}.` });
  return (
    <DataTable
      columns={props.columns}
      data={props.rows}
      loadState="loaded"
      dataName={props.title.toLowerCase()}
      exportable={false}
      caption={props.title}
      state={state}
    />
  );
}
