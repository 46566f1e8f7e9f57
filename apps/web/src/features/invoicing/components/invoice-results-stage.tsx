import type { InvoiceDefinition, InvoiceRow } from '@client-portal/contract';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { formatDay, formatInvoiceCell } from '../format';
import { buildInvoiceCsv, invoiceFileName, saveInvoiceCsv } from '../invoice-csv';
import type { InvoiceQuery } from '../invoice-query';

interface Props {
  definition: InvoiceDefinition;
  rows: InvoiceRow[];
  query: InvoiceQuery;
  onReset(): void;
}

/** Last stage: the rows in a sortable table (the definition's columns and default sort) and the CSV. */
export function InvoiceResultsStage({ definition, rows, query, onReset }: Props) {
  const { t } = useTranslation();
  const site = query.site[0]?.siteNumber ?? '';

  const columns = useMemo(
    (): DataTableColumn<InvoiceRow>[] =>
      Object.entries(definition.columns).map(([id, column]) => ({
        id,
        header: column.text,
        // Dates sort as dates and money as numbers; the cell shows the formatted text.
        accessor: (row) => {
          const value = row[id];
          if ((column.type === 'date' || column.type === 'datetime') && typeof value === 'string') {
            return new Date(value);
          }
          return value;
        },
        cell: (row) => formatInvoiceCell(row[id], column.type),
      })),
    [definition],
  );

  const download = () =>
    saveInvoiceCsv(
      invoiceFileName(site, definition.name, query.start, query.end),
      buildInvoiceCsv(definition, rows),
    );

  return (
    <Stack>
      <Title order={2}>
        {t('invoicing.results.heading', {
          name: definition.name,
          site,
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
        data={rows}
        loadState="loaded"
        dataName={t('invoicing.results.dataName')}
        defaultSort={{ id: definition.defaultSort.column, desc: definition.defaultSort.direction === 'desc' }}
        exportable={false}
      />
    </Stack>
  );
}
