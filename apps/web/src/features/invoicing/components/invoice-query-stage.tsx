import type { InvoiceDefinition } from '@client-portal/contract';
import { ukToday } from '@client-portal/contract';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SitePicker } from '../../../components/site-picker';
import { maxEndDate, validateRange } from '../invoice-dates';
import type { InvoiceQuery } from '../invoice-query';

interface Props {
  definition: InvoiceDefinition;
  query: InvoiceQuery;
  onChange(query: InvoiceQuery): void;
  onCancel(): void;
  onGenerate(query: InvoiceQuery): void;
}

/** Second stage: required site, start date (not after today) and end date (start to start + 1 month, ≤ today). */
export function InvoiceQueryStage({ definition, query, onChange, onCancel, onGenerate }: Props) {
  const { t } = useTranslation();
  const [submitted, setSubmitted] = useState(false);
  const today = ukToday();
  const dateErrors = validateRange(query.start, query.end, today);
  const siteMissing = query.site.length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (siteMissing || dateErrors.start || dateErrors.end) return;
    onGenerate(query);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        <Title order={2}>{t('invoicing.query.heading', { name: definition.name })}</Title>
        <Text size="sm" c="dimmed">
          {definition.description}
        </Text>
        <SitePicker
          label={t('invoicing.query.site')}
          value={query.site}
          onChange={(site) => onChange({ ...query, site })}
          required
          error={submitted && siteMissing ? t('sitePicker.requiredSite') : undefined}
        />
        <TextInput
          type="date"
          label={t('invoicing.query.startDate')}
          required
          value={query.start}
          max={today}
          onChange={(event) => onChange({ ...query, start: event.currentTarget.value })}
          error={submitted && dateErrors.start ? t(`invoicing.query.${dateErrors.start}`) : undefined}
        />
        <TextInput
          type="date"
          label={t('invoicing.query.endDate')}
          required
          value={query.end}
          min={query.start || undefined}
          max={query.start ? maxEndDate(query.start, today) : today}
          onChange={(event) => onChange({ ...query, end: event.currentTarget.value })}
          error={submitted && dateErrors.end ? t(`invoicing.query.${dateErrors.end}`) : undefined}
        />
        <Group>
          <Button variant="default" onClick={onCancel}>
            {t('invoicing.query.cancel')}
          </Button>
          <Button type="submit">{t('invoicing.query.generate')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
