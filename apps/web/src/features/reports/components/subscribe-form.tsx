import {
  type ReportDefinition,
  reportFormats,
  reportSubscriptionCreateSchema,
  subscriptionDeliveries,
  subscriptionFrequencies,
} from '@client-portal/contract';
import { Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { RadioField, useContractForm } from '../../../components/form';
import { ErrorSummary, useErrorSummary } from '../../../components/form-feedback';
import { useSubscribe } from '../api/subscriptions';

/** The choices of the contract's subscription (the report and site come from the page). */
const subscribeSchema = reportSubscriptionCreateSchema.pick({
  frequency: true,
  delivery: true,
  format: true,
});
type SubscribeValues = z.output<typeof subscribeSchema>;

interface Props {
  definition: ReportDefinition;
  site?: string;
}

/** Subscribes the user to the chosen report for the chosen site or group, weekly or monthly. */
export function SubscribeForm({ definition, site }: Props) {
  const { t } = useTranslation();
  const summary = useErrorSummary();
  const subscribe = useSubscribe();
  const form = useContractForm<SubscribeValues>(subscribeSchema, {
    frequency: 'monthly',
    delivery: 'attached',
    format: 'csv',
  });
  const [status, setStatus] = useState('');

  const submit = async ({ frequency, delivery, format }: SubscribeValues) => {
    summary.clear();
    setStatus('');
    const result = await subscribe.mutateAsync({
      reportKey: definition.key,
      site,
      format,
      frequency,
      delivery,
    });
    if (result.ok) {
      setStatus(
        t('reports.subscribe.done', {
          name: definition.name,
          frequency: t(`reports.subscribe.frequencyWords.${frequency}`),
        }),
      );
      return;
    }
    const fieldErrors = Object.entries(result.problem?.errors ?? {}).flatMap(([name, messages]) =>
      messages.map((message) => ({ name, message })),
    );
    summary.report(
      fieldErrors.length > 0
        ? fieldErrors
        : [{ name: 'frequency', message: result.problem?.detail ?? t('reports.subscribe.failed') }],
    );
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="subscribe-heading">
      <form ref={summary.formRef} onSubmit={form.handleSubmit(submit, summary.onInvalid)} noValidate>
        <Stack>
          <Title order={2} id="subscribe-heading">
            {t('reports.subscribe.heading')}
          </Title>
          <ErrorSummary summary={summary} />
          <Text size="sm">{t('reports.subscribe.intro')}</Text>
          <RadioField form={form} name="frequency" label={t('reports.subscribe.frequency')}>
            <Group mt="xs">
              {subscriptionFrequencies.map((f) => (
                <Radio key={f} value={f} label={t(`reports.subscribe.frequencies.${f}`)} />
              ))}
            </Group>
          </RadioField>
          <RadioField form={form} name="delivery" label={t('reports.subscribe.delivery')}>
            <Stack gap="xs" mt="xs">
              {subscriptionDeliveries.map((d) => (
                <Radio key={d} value={d} label={t(`reports.subscribe.deliveries.${d}`)} />
              ))}
            </Stack>
          </RadioField>
          <RadioField form={form} name="format" label={t('reports.subscribe.format')}>
            <Group mt="xs">
              {reportFormats.map((f) => (
                <Radio key={f} value={f} label={t(`reports.subscribe.formats.${f}`)} />
              ))}
            </Group>
          </RadioField>
          <Group>
            <Button type="submit" loading={subscribe.isPending}>
              {t('reports.subscribe.submit')}
            </Button>
          </Group>
          <div role="status">{status && <Text size="sm">{status}</Text>}</div>
        </Stack>
      </form>
    </Paper>
  );
}
