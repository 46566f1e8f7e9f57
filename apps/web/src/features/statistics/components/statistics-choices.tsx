import { type StatisticsPeriod, statisticsPeriods } from '@client-portal/contract';
import { Button, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatisticsSites } from '../api/statistics';
import type { StatisticsView } from '../statistics-choice';

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
  const [from, setFrom] = useState(view.from ?? '');
  const [to, setTo] = useState(view.to ?? '');
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
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ ...view, period: 'custom', from, to });
      }}
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
            if (period === 'custom')
              onChange({ ...view, period, from: from || undefined, to: to || undefined });
            else onChange({ ...view, period });
          }}
          w={200}
        />
        {view.period === 'custom' && (
          <>
            <TextInput
              type="date"
              label={t('statistics.choices.from')}
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label={t('statistics.choices.to')}
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
            />
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
