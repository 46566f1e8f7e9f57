import type { SiteComparison } from '@client-portal/contract';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ClientTableState, DataTable } from '../../../components/data-table';

/** Every site of the scope side by side: sortable by any column, exported as shown. */
export function SiteComparisonSection({
  data,
  tableState,
}: {
  data: SiteComparison;
  /** The table's sort and page as the page's address keeps them (decision 28). */
  tableState?: ClientTableState;
}) {
  const { t } = useTranslation();
  type Row = SiteComparison['rows'][number];
  const column = (id: keyof Row) => ({
    id,
    header: t(`statistics.sites.${id}`),
    accessor: (r: Row) => r[id],
  });
  return (
    <Stack component="section" aria-labelledby="statistics-sites">
      <Title order={2} id="statistics-sites">
        {t('statistics.sites.heading')}
      </Title>
      <DataTable
        columns={[
          column('site'),
          column('name'),
          column('stays'),
          { ...column('income'), accessor: (r: Row) => r.income.toFixed(2) },
          column('ticketsIssued'),
          column('chargesPer1000Stays'),
          column('cancellations'),
          column('cancellationUse'),
          column('reductions'),
          column('reductionUse'),
        ]}
        data={data.rows}
        loadState="loaded"
        dataName={t('statistics.sites.dataName')}
        caption={t('statistics.sites.heading')}
        defaultSort={{ id: 'site', desc: false }}
        state={tableState}
        getRowId={(r) => r.site}
      />
    </Stack>
  );
}
