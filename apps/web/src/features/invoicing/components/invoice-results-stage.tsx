import type { InvoiceDefinition, InvoicePage, InvoiceRow } from '@client-portal/contract';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, useServerPaging } from '../../../components/data-table';
import { useApiClient } from '../../../lib/api-context';
import { saveFile } from '../../../lib/save-file';
import { fetchInvoiceExport, invoicePageQueryOptions } from '../api/get-invoice';
import { formatDay, formatInvoiceCell } from '../format';
import { toWireRange } from '../invoice-dates';
import type { InvoiceQuery } from '../invoice-query';

interface Props {
  definition: InvoiceDefinition;
  /** The first page in the definition's default order, read while the prepare stage showed. */
  firstPage: InvoicePage;
  query: InvoiceQuery;
  onReset(): void;
}

/**
 * Last stage: the invoice one page at a time, sorted by the server on any column (the definition's
 * columns and default sort), the server's totals under it, and the whole file from the server.
 */
export function InvoiceResultsStage({ definition, firstPage, query, onReset }: Props) {
  const { t } = useTranslation();
  const api = useApiClient();
  const site = query.site[0]?.siteNumber ?? '';
  const siteName = query.site[0]?.name ?? '';
  const range = toWireRange(query.start, query.end);
  const defaultSort = {
    id: definition.defaultSort.column,
    desc: definition.defaultSort.direction === 'desc',
  };
  const paging = useServerPaging(defaultSort, `${definition.key}/${site}/${range.from}/${range.to}`);
  const request = { ...range, ...paging.query };
  const isFirst =
    !request.after &&
    !request.before &&
    request.skip === 0 &&
    request.sort === defaultSort.id &&
    request.direction === definition.defaultSort.direction;
  const page = useQuery({
    ...invoicePageQueryOptions(api, definition.key, site, request),
    initialData: isFirst ? firstPage : undefined,
  });

  const columns = useMemo(
    (): DataTableColumn<InvoiceRow>[] =>
      Object.entries(definition.columns).map(([id, column]) => ({
        id,
        header: column.text,
        accessor: (row) => row[id],
        cell: (row) => formatInvoiceCell(row[id], column.type),
      })),
    [definition],
  );

  const download = () =>
    void fetchInvoiceExport(api, definition.key, site, request).then(({ blob, fileName }) =>
      saveFile(fileName, blob),
    );

  const totals = page.data?.totals;
  const totalParts = totals
    ? Object.entries(totals.columns).map(([id, value]) => {
        const column = definition.columns[id];
        return `${column?.text ?? id}: ${formatInvoiceCell(value, column?.type)}`;
      })
    : [];

  return (
    <Stack>
      <Title order={2}>
        {t('invoicing.results.heading', {
          name: definition.name,
          site,
          siteName,
          from: formatDay(query.start),
          to: formatDay(query.end),
        })}
      </Title>
      <Group>
        <Button onClick={download}>{t('invoicing.results.download')}</Button>
        <Button variant="default" onClick={onReset}>
          {t('invoicing.results.reset')}
        </Button>
      </Group>
      <DataTable
        columns={columns}
        data={page.data?.rows ?? []}
        loadState={page.isError ? 'failed' : page.data ? 'loaded' : 'loading'}
        onRetry={() => void page.refetch()}
        dataName={t('invoicing.results.dataName')}
        exportable={false}
        paging={paging.table(page.data)}
        footer={
          totals && totals.rows > 0 ? (
            <Text fw={700} data-testid="invoice-totals">
              {t('invoicing.results.totals', {
                rows: totals.rows.toLocaleString('en-GB'),
                columns: totalParts.join(' · '),
              })}
            </Text>
          ) : null
        }
      />
    </Stack>
  );
}
