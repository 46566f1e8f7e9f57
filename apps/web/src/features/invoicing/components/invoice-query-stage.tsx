import { type InvoiceDefinition, invoiceMaxEnd, type Site, ukToday } from '@client-portal/contract';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ruleCheckSchema, SitePickerField, TextField, useContractForm } from '../../../components/form';
import { ErrorSummary, useErrorSummary } from '../../../components/form-feedback';
import { rangeMessages } from '../invoice-dates';
import type { InvoiceQuery } from '../invoice-query';

interface Props {
  definition: InvoiceDefinition;
  query: InvoiceQuery;
  /** The user's only site: chosen whenever the stage has no site. */
  onlySite?: Site;
  onCancel(): void;
  onGenerate(query: InvoiceQuery): void;
}

/** Second stage: required site, start date (not after today) and end date (start to start + 1 month, ≤ today). */
export function InvoiceQueryStage({ definition, query, onlySite, onCancel, onGenerate }: Props) {
  const { t } = useTranslation();
  const today = ukToday();
  const summary = useErrorSummary();
  // The contract's invoice range rule (the server's check of the wire range) and a required site.
  const schema = useMemo(
    () =>
      ruleCheckSchema<InvoiceQuery>((values) => ({
        site: values.site.length === 0 ? t('sitePicker.requiredSite') : undefined,
        ...rangeMessages(values.start, values.end, today, t),
      })),
    [t, today],
  );
  const form = useContractForm<InvoiceQuery>(schema, query);
  const { setValue } = form;
  const [site, start] = useWatch({ control: form.control, name: ['site', 'start'] });

  // The user's only site stays chosen whenever the stage has none.
  useEffect(() => {
    if (onlySite && site.length === 0) setValue('site', [onlySite]);
  }, [onlySite, site, setValue]);

  return (
    <form
      ref={summary.formRef}
      onSubmit={form.handleSubmit(summary.valid(onGenerate), summary.onInvalid)}
      noValidate
    >
      <Stack maw={480}>
        <Title order={2}>{t('invoicing.query.heading', { name: definition.name })}</Title>
        <ErrorSummary summary={summary} />
        <Text size="sm" c="dimmed">
          {definition.description}
        </Text>
        <SitePickerField form={form} name="site" instantMessage label={t('invoicing.query.site')} required />
        <TextField
          form={form}
          name="start"
          instantMessage
          rules={{ deps: ['end'] }}
          type="date"
          label={t('invoicing.query.startDate')}
          required
          max={today}
        />
        <TextField
          form={form}
          name="end"
          instantMessage
          type="date"
          label={t('invoicing.query.endDate')}
          required
          min={start || undefined}
          max={start ? invoiceMaxEnd(start, today) : today}
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
