import {
  type DownloadFormat,
  formatCountIn,
  type InvoiceRow,
  invoiceResultsQuerySchema,
} from '@client-portal/contract';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, listPaging } from '../../../components/data-table';
import { currentLanguage } from '../../../i18n';
import { useApiClient } from '../../../lib/api-context';
import { saveFile } from '../../../lib/save-file';
import { useListState } from '../../../lib/use-list-state';
import { fetchInvoiceExport, invoicePageQueryOptions } from '../api/get-invoice';
import { formatDay, formatInvoiceCell } from '../format';
import { toWireRange } from '../invoice-dates';
import { type InvoiceQuery, invoicePageRequest, samePageRequest } from '../invoice-query';
import type { InvoiceResult } from '../use-invoice-wizard';

interface Props {
  /** The definition and the first page shown, read while the prepare stage showed. */
  result: InvoiceResult;
  query: InvoiceQuery;
  onReset(): void;
}

/**
 * Last stage: the invoice one page at a time, sorted by the server on any column (the definition's
 * columns and default sort), the server's totals under it, and the whole file from the server. The sort
 * and page live in the address beside the invoice (decision 28): page and sort changes push a history
 * entry, so Back is the page before.
 */
export function InvoiceResultsStage({ result, query, onReset }: Props) {
  const { definition, firstPage } = result;
  const { t } = useTranslation();
  const api = useApiClient();
  const site = query.site[0]?.siteNumber ?? '';
  const siteName = query.site[0]?.name ?? '';
  const range = toWireRange(query.start, query.end);
  const [address, setAddress] = useListState(invoiceResultsQuerySchema);
  const defaultSort = {
    id: definition.defaultSort.column,
    desc: definition.defaultSort.direction === 'desc',
  };
  const paging = listPaging(address, setAddress, defaultSort);
  const request = invoicePageRequest(address, definition, range);
  const page = useQuery({
    ...invoicePageQueryOptions(api, definition.key, site, request),
    initialData: samePageRequest(request, result.request) ? firstPage : undefined,
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

  const download = (format: DownloadFormat) =>
    void fetchInvoiceExport(api, definition.key, site, request, format).then(({ blob, fileName }) =>
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
        <Button onClick={() => download('csv')}>{t('invoicing.results.download')}</Button>
        <Button variant="light" onClick={() => download('xlsx')}>
          {t('invoicing.results.downloadWorkbook')}
        </Button>
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
                rows: formatCountIn(currentLanguage(), totals.rows),
                columns: totalParts.join(' · '),
              })}
            </Text>
          ) : null
        }
      />
    </Stack>
  );
}
