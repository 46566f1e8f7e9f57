import { ukDateTime, type WebhookDelivery } from '@client-portal/contract';
import { Alert, Anchor, Badge, Button, Code, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { usePageTitle } from '../../lib/use-page-title';
import { useReplayDelivery, useWebhookDeliveries, useWebhooks } from './api/webhooks-api';
import { webhooksRoutes } from './routes';

const statusColours = { pending: 'gray', succeeded: 'green', failed: 'red' } as const;

/**
 * /admin/webhooks/:id: a webhook's delivery log (its newest hundred deliveries of the last 30 days,
 * each with its latest attempt) and a replay for each, sent with the same delivery id.
 */
export function WebhookDeliveriesPage() {
  const { t } = useTranslation();
  usePageTitle(t('webhooks.logTitle'));
  const id = useParams().id ?? '';
  const webhook = useWebhooks().data?.rows.find((w) => w.id === id);
  const deliveries = useWebhookDeliveries(id);
  const replay = useReplayDelivery();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  const columns = useMemo((): DataTableColumn<WebhookDelivery>[] => {
    const replayOne = async (delivery: WebhookDelivery) => {
      const result = await replay.mutateAsync({ id, deliveryId: delivery.id });
      setOutcome({
        ok: result.ok,
        message: result.ok ? t('webhooks.replayed', { id: delivery.id }) : t('webhooks.replayFailed'),
      });
    };
    return [
      {
        id: 'createdAt',
        header: t('webhooks.deliveryColumns.createdAt'),
        accessor: (d) => ukDateTime(d.createdAt),
        sortable: false,
      },
      {
        id: 'event',
        header: t('webhooks.deliveryColumns.event'),
        accessor: (d) => t(`webhooks.eventNames.${d.eventType}`),
        sortable: false,
      },
      {
        id: 'status',
        header: t('webhooks.deliveryColumns.status'),
        accessor: (d) => t(`webhooks.deliveryStates.${d.status}`),
        cell: (d) => (
          <Badge color={statusColours[d.status]} variant="light">
            {t(`webhooks.deliveryStates.${d.status}`)}
          </Badge>
        ),
        sortable: false,
      },
      {
        id: 'attempts',
        header: t('webhooks.deliveryColumns.attempts'),
        accessor: (d) => String(d.attempts),
        sortable: false,
      },
      {
        id: 'responseCode',
        header: t('webhooks.deliveryColumns.responseCode'),
        accessor: (d) => (d.responseCode === null ? t('webhooks.noAnswer') : String(d.responseCode)),
        sortable: false,
      },
      {
        id: 'duration',
        header: t('webhooks.deliveryColumns.duration'),
        accessor: (d) =>
          d.durationMs === null ? '' : t('webhooks.durationMs', { ms: String(d.durationMs) }),
        sortable: false,
      },
      {
        id: 'answer',
        header: t('webhooks.deliveryColumns.answer'),
        accessor: (d) => [d.error, d.responseBody].filter(Boolean).join(' '),
        cell: (d) => (
          <Stack gap={2} maw={360}>
            {d.error && <Text size="sm">{d.error}</Text>}
            {d.responseBody && (
              <Code
                block
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 120, overflow: 'auto' }}
              >
                {d.responseBody}
              </Code>
            )}
          </Stack>
        ),
        sortable: false,
      },
      {
        id: 'id',
        header: t('webhooks.deliveryColumns.id'),
        accessor: (d) => d.id,
        cell: (d) => (
          <Text size="xs" ff="monospace">
            {d.id}
          </Text>
        ),
        sortable: false,
      },
      {
        id: 'actions',
        header: t('webhooks.deliveryColumns.actions'),
        exportable: false,
        cell: (d) => (
          <Button
            size="xs"
            variant="light"
            aria-label={t('webhooks.replayLabel', { id: d.id })}
            onClick={() => void replayOne(d)}
          >
            {t('webhooks.replay')}
          </Button>
        ),
      },
    ];
  }, [t, id, replay]);

  return (
    <Stack>
      <Title order={1}>{t('webhooks.logTitle')}</Title>
      <Anchor component={Link} to={webhooksRoutes.path}>
        {t('webhooks.back')}
      </Anchor>
      {webhook ? (
        <Text>{t('webhooks.logIntro', { url: webhook.url })}</Text>
      ) : (
        <Loader size="sm" aria-label={t('common.loading')} />
      )}
      <div role="status">
        {outcome && <Alert color={outcome.ok ? 'green' : 'red'}>{outcome.message}</Alert>}
      </div>
      <DataTable
        columns={columns}
        data={deliveries.data?.rows ?? []}
        loadState={deliveries.isError ? 'failed' : deliveries.data ? 'loaded' : 'loading'}
        dataName={t('webhooks.logDataName')}
        onRetry={() => void deliveries.refetch()}
        getRowId={(d) => d.id}
      />
    </Stack>
  );
}
