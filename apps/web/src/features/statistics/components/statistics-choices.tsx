import { type StatisticsPeriod, statisticsPeriods } from '@client-portal/contract';
import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField, useContractForm } from '../../../components/form';
import { useStatisticsSites } from '../api/statistics';
import type { StatisticsView } from '../statistics-choice';

/** The custom range's days as typed (the page checks them with the contract's customPeriodIssues). */
const rangeSchema = z.object({ from: z.string(), to: z.string() });
type RangeValues = z.output<typeof rangeSchema>;

/** Site or group and period; a custom range is applied with Show, the others at once. */
export function StatisticsChoices({
  view,
  onChange,
}: {
  view: StatisticsView;
  onChange(view: StatisticsView): void;
}) {
  const { t } = useTranslation();
  const sites = useStatisticsSites();
  const form = useContractForm<RangeValues>(rangeSchema, { from: view.from ?? '', to: view.to ?? '' });
  const siteOptions = [
    { value: '', label: t('statistics.choices.allSites') },
    ...(sites.data ?? []).map((s) => ({ value: s.siteNumber, label: `${s.siteNumber} ${s.name}` })),
  ];
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      aria-label={t('statistics.choices.legend')}
      onSubmit={form.handleSubmit(({ from, to }) => onChange({ ...view, period: 'custom', from, to }))}
    >
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('statistics.choices.site')}
          data={siteOptions}
          value={view.site ?? ''}
          searchable
          allowDeselect={false}
          onChange={(value) => onChange({ ...view, site: value || undefined })}
          w={280}
        />
        <Select
          label={t('statistics.choices.period')}
          data={statisticsPeriods.map((p) => ({ value: p, label: t(`statistics.choices.periods.${p}`) }))}
          value={view.period}
          allowDeselect={false}
          onChange={(value) => {
            const period = (value ?? 'last-month') as StatisticsPeriod;
            const { from, to } = form.getValues();
            if (period === 'custom')
              onChange({ ...view, period, from: from || undefined, to: to || undefined });
            else onChange({ ...view, period });
          }}
          w={200}
        />
        {view.period === 'custom' && (
          <>
            <TextField form={form} name="from" type="date" label={t('statistics.choices.from')} />
            <TextField form={form} name="to" type="date" label={t('statistics.choices.to')} />
            <Button type="submit">{t('statistics.choices.show')}</Button>
          </>
        )}
      </Group>
      {view.period === 'custom' && (
        <Text size="sm" mt="xs">
          {t('statistics.choices.customHint')}
        </Text>
      )}
    </Paper>
  );
}
