import { ukDisplayDay } from '@client-portal/contract';
import { Alert, Button, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Caption>{t('reports.subscriptions.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('reports.subscriptions.report')}</Table.Th>
                  <Table.Th scope="col">{t('reports.subscriptions.site')}</Table.Th>
                  <Table.Th scope="col">{t('reports.subscriptions.frequency')}</Table.Th>
                  <Table.Th scope="col">{t('reports.subscriptions.delivery')}</Table.Th>
                  <Table.Th scope="col">{t('reports.subscriptions.nextMail')}</Table.Th>
                  <Table.Th scope="col">{t('reports.subscriptions.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((s) => {
                  const site = s.site ?? t('reports.subscriptions.allSites');
                  return (
                    <Table.Tr key={s.id}>
                      <Table.Td>{s.reportName}</Table.Td>
                      <Table.Td>{site}</Table.Td>
                      <Table.Td>{t(`reports.subscribe.frequencies.${s.frequency}`)}</Table.Td>
                      <Table.Td>
                        {t(`reports.subscriptions.deliveries.${s.delivery}`)} (
                        {t(`reports.subscribe.formats.${s.format}`)})
                      </Table.Td>
                      <Table.Td>
                        {t('reports.subscriptions.nextMailOn', {
                          day: ukDisplayDay(s.next.sendDay),
                          from: ukDisplayDay(s.next.from),
                          to: ukDisplayDay(s.next.to),
                        })}
                      </Table.Td>
                      <Table.Td>
                        <Button
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
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <div role="status">{status && <Text size="sm">{status}</Text>}</div>
      </Stack>
    </Paper>
  );
}
