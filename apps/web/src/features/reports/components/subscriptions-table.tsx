import { ukDisplayDay } from '@client-portal/contract';
import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowTable } from '../../../components/row-table';
import { useCancelSubscription, useReportSubscriptions } from '../api/subscriptions';

/** The user's own subscriptions, each with its next mail and a Cancel button. */
export function SubscriptionsTable() {
  const { t } = useTranslation();
  const subscriptions = useReportSubscriptions();
  const cancel = useCancelSubscription();
  const [status, setStatus] = useState('');
  const rows = subscriptions.data ?? [];

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="subscriptions-heading">
      <Stack>
        <Title order={2} id="subscriptions-heading" tabIndex={-1}>
          {t('reports.subscriptions.heading')}
        </Title>
        {subscriptions.isPending && <Loader aria-label={t('reports.loading')} />}
        {subscriptions.isError && (
          <Alert color="red" role="alert" title={t('reports.failed')}>
            <Button variant="default" onClick={() => void subscriptions.refetch()}>
              {t('reports.retry')}
            </Button>
          </Alert>
        )}
        {subscriptions.isSuccess && rows.length === 0 && <Text>{t('reports.subscriptions.empty')}</Text>}
        {rows.length > 0 && (
          <RowTable
            label={t('reports.subscriptions.caption')}
            caption
            minWidth={640}
            tableProps={{ striped: true }}
            headers={[
              t('reports.subscriptions.report'),
              t('reports.subscriptions.site'),
              t('reports.subscriptions.frequency'),
              t('reports.subscriptions.delivery'),
              t('reports.subscriptions.nextMail'),
              t('reports.subscriptions.actions'),
            ]}
            rows={rows.map((s) => {
              const site = s.site ?? t('reports.subscriptions.allSites');
              return {
                key: String(s.id),
                cells: [
                  s.reportName,
                  site,
                  t(`reports.subscribe.frequencies.${s.frequency}`),
                  `${t(`reports.subscriptions.deliveries.${s.delivery}`)} (${t(`reports.subscribe.formats.${s.format}`)})`,
                  t('reports.subscriptions.nextMailOn', {
                    day: ukDisplayDay(s.next.sendDay),
                    from: ukDisplayDay(s.next.from),
                    to: ukDisplayDay(s.next.to),
                  }),
                  <Button
                    key="cancel"
                    size="xs"
                    variant="default"
                    aria-label={t('reports.subscriptions.cancelLabel', { name: s.reportName, site })}
                    loading={cancel.isPending && cancel.variables === s.id}
                    onClick={async () => {
                      const result = await cancel.mutateAsync(s.id);
                      setStatus(
                        result.ok
                          ? t('reports.subscriptions.cancelled', { name: s.reportName })
                          : t('reports.subscriptions.cancelFailed'),
                      );
                      if (result.ok) document.getElementById('subscriptions-heading')?.focus();
                    }}
                  >
                    {t('reports.subscriptions.cancel')}
                  </Button>,
                ],
              };
            })}
          />
        )}
        <div role="status">{status && <Text size="sm">{status}</Text>}</div>
      </Stack>
    </Paper>
  );
}
