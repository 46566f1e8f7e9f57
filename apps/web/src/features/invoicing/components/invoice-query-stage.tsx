import { type InvoiceDefinition, invoiceMaxEnd, ukToday } from '@client-portal/contract';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, useErrorSummary } from '../../../components/form-feedback';
import { SitePicker } from '../../../components/site-picker';
import { rangeMessages } from '../invoice-dates';
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
  const dateErrors = rangeMessages(query.start, query.end, today, t);
  const siteMissing = query.site.length === 0;
  const summary = useErrorSummary();
  const errors = {
    site: siteMissing ? t('sitePicker.requiredSite') : undefined,
    start: dateErrors.start,
    end: dateErrors.end,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const invalid = Object.entries(errors).flatMap(([name, message]) => (message ? [{ name, message }] : []));
    summary.report(invalid);
    if (invalid.length === 0) onGenerate(query);
  };

  return (
    <form ref={summary.formRef} onSubmit={submit} noValidate>
      <Stack maw={480}>
        <Title order={2}>{t('invoicing.query.heading', { name: definition.name })}</Title>
        <ErrorSummary summary={summary} />
        <Text size="sm" c="dimmed">
          {definition.description}
        </Text>
        <SitePicker
          name="site"
          label={t('invoicing.query.site')}
          value={query.site}
          onChange={(site) => onChange({ ...query, site })}
          required
          error={submitted ? errors.site : undefined}
        />
        <TextInput
          type="date"
          name="start"
          label={t('invoicing.query.startDate')}
          required
          value={query.start}
          max={today}
          onChange={(event) => onChange({ ...query, start: event.currentTarget.value })}
          error={submitted ? errors.start : undefined}
        />
        <TextInput
          type="date"
          name="end"
          label={t('invoicing.query.endDate')}
          required
          value={query.end}
          min={query.start || undefined}
          max={query.start ? invoiceMaxEnd(query.start, today) : today}
          onChange={(event) => onChange({ ...query, end: event.currentTarget.value })}
          error={submitted ? errors.end : undefined}
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
