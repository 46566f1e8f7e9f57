import { ukDateTime, type WebhookDelivery, webhookDeliveriesPageQuerySchema } from '@client-portal/contract';
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable, type DataTableColumn, listPaging } from '../../components/data-table';
import { useListState } from '../../lib/use-list-state';
import { usePageTitle } from '../../lib/use-page-title';
import { useReplayDelivery, useWebhook, useWebhookDeliveries } from './api/webhooks-api';
import { ReceiverAnswer } from './receiver-answer';
import { webhooksRoutes } from './routes';

const statusColours = { pending: 'gray', succeeded: 'green', failed: 'red' } as const;
const DEFAULT_SORT = { id: 'createdAt', desc: true };

/**
 * /admin/webhooks/:id: a webhook's delivery log (every delivery of the last 30 days, newest first,
 * paged by the server with the page in the address; each with its latest attempt), a replay for each,
 * sent with the same delivery id, and a link to each delivery's attempts.
 */
export function WebhookDeliveriesPage() {
  const { t } = useTranslation();
  usePageTitle(t('webhooks.logTitle'));
  const id = useParams().id ?? '';
  const webhook = useWebhook(id).data;
  const [query, setQuery] = useListState(webhookDeliveriesPageQuerySchema);
  const paging = listPaging(query, setQuery, DEFAULT_SORT);
  const deliveries = useWebhookDeliveries(id, paging.request);
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
      // The server's one order: newest first by default, oldest first when sorted the other way.
      {
        id: 'createdAt',
        header: t('webhooks.deliveryColumns.createdAt'),
        accessor: (d) => ukDateTime(d.createdAt),
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
        cell: (d) => <ReceiverAnswer error={d.error} body={d.responseBody} />,
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
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              component={Link}
              to={`${webhooksRoutes.path}/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(d.id)}`}
              aria-label={t('webhooks.attemptsLabel', { id: d.id })}
            >
              {t('webhooks.attemptsLink')}
            </Button>
            <Button
              size="xs"
              variant="light"
              aria-label={t('webhooks.replayLabel', { id: d.id })}
              onClick={() => void replayOne(d)}
            >
              {t('webhooks.replay')}
            </Button>
          </Group>
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
        paging={paging.table(deliveries.data)}
        getRowId={(d) => d.id}
      />
    </Stack>
  );
}
