import {
  type ReportDefinition,
  type ReportFormat,
  reportFormats,
  type SubscriptionDelivery,
  type SubscriptionFrequency,
  subscriptionDeliveries,
  subscriptionFrequencies,
} from '@client-portal/contract';
import { Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RadioGroupField } from '../../../components/choice-group';
import { ErrorSummary, useErrorSummary } from '../../../components/form-feedback';
import { useSubscribe } from '../api/subscriptions';

interface Props {
  definition: ReportDefinition;
  site?: string;
}

/** Subscribes the user to the chosen report for the chosen site or group, weekly or monthly. */
export function SubscribeForm({ definition, site }: Props) {
  const { t } = useTranslation();
  const summary = useErrorSummary();
  const subscribe = useSubscribe();
  const [frequency, setFrequency] = useState<SubscriptionFrequency>('monthly');
  const [delivery, setDelivery] = useState<SubscriptionDelivery>('attached');
  const [format, setFormat] = useState<ReportFormat>('csv');
  const [status, setStatus] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
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
      <form ref={summary.formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Title order={2} id="subscribe-heading">
            {t('reports.subscribe.heading')}
          </Title>
          <ErrorSummary summary={summary} />
          <Text size="sm">{t('reports.subscribe.intro')}</Text>
          <RadioGroupField
            field="frequency"
            label={t('reports.subscribe.frequency')}
            value={frequency}
            onChange={(value) => setFrequency(value as SubscriptionFrequency)}
          >
            <Group mt="xs">
              {subscriptionFrequencies.map((f) => (
                <Radio key={f} value={f} label={t(`reports.subscribe.frequencies.${f}`)} />
              ))}
            </Group>
          </RadioGroupField>
          <RadioGroupField
            field="delivery"
            label={t('reports.subscribe.delivery')}
            value={delivery}
            onChange={(value) => setDelivery(value as SubscriptionDelivery)}
          >
            <Stack gap="xs" mt="xs">
              {subscriptionDeliveries.map((d) => (
                <Radio key={d} value={d} label={t(`reports.subscribe.deliveries.${d}`)} />
              ))}
            </Stack>
          </RadioGroupField>
          <RadioGroupField
            field="format"
            label={t('reports.subscribe.format')}
            value={format}
            onChange={(value) => setFormat(value as ReportFormat)}
          >
            <Group mt="xs">
              {reportFormats.map((f) => (
                <Radio key={f} value={f} label={t(`reports.subscribe.formats.${f}`)} />
              ))}
            </Group>
          </RadioGroupField>
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
