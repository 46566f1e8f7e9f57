import { ukDateTime, type WebhookAttempt, webhookAttemptsPageQuerySchema } from '@client-portal/contract';
import { Anchor, Badge, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable, type DataTableColumn, listPaging } from '../../components/data-table';
import { useListState } from '../../lib/use-list-state';
import { usePageTitle } from '../../lib/use-page-title';
import { useWebhookAttempts, useWebhookDelivery } from './api/webhooks-api';
import { ReceiverAnswer } from './receiver-answer';
import { webhooksRoutes } from './routes';

const statusColours = { succeeded: 'green', failed: 'red' } as const;
const DEFAULT_SORT = { id: 'attemptedAt', desc: true };

/**
 * /admin/webhooks/:id/deliveries/:deliveryId: every attempt at one delivery (decision 51), newest
 * first, paged by the server with the page in the address: when, the outcome, the answer's status,
 * the time taken and the first 2 KB of what the receiver said.
 */
export function WebhookAttemptsPage() {
  const { t } = useTranslation();
  usePageTitle(t('webhooks.attemptsTitle'));
  const params = useParams();
  const id = params.id ?? '';
  const deliveryId = params.deliveryId ?? '';
  const delivery = useWebhookDelivery(id, deliveryId).data;
  const [query, setQuery] = useListState(webhookAttemptsPageQuerySchema);
  const paging = listPaging(query, setQuery, DEFAULT_SORT);
  const attempts = useWebhookAttempts(id, deliveryId, paging.request);

  const columns = useMemo(
    (): DataTableColumn<WebhookAttempt>[] => [
      // The server's one order: newest first by default, oldest first when sorted the other way.
      {
        id: 'attemptedAt',
        header: t('webhooks.attemptColumns.attemptedAt'),
        accessor: (a) => ukDateTime(a.attemptedAt),
      },
      {
        id: 'status',
        header: t('webhooks.attemptColumns.status'),
        accessor: (a) => t(`webhooks.attemptStates.${a.status}`),
        cell: (a) => (
          <Badge color={statusColours[a.status]} variant="light">
            {t(`webhooks.attemptStates.${a.status}`)}
          </Badge>
        ),
        sortable: false,
      },
      {
        id: 'responseCode',
        header: t('webhooks.attemptColumns.responseCode'),
        accessor: (a) => (a.responseCode === null ? t('webhooks.noAnswer') : String(a.responseCode)),
        sortable: false,
      },
      {
        id: 'duration',
        header: t('webhooks.attemptColumns.duration'),
        accessor: (a) => t('webhooks.durationMs', { ms: String(a.durationMs) }),
        sortable: false,
      },
      {
        id: 'answer',
        header: t('webhooks.attemptColumns.answer'),
        accessor: (a) => [a.error, a.responseBody].filter(Boolean).join(' '),
        cell: (a) => <ReceiverAnswer error={a.error} body={a.responseBody} />,
        sortable: false,
      },
    ],
    [t],
  );

  return (
    <Stack>
      <Title order={1}>{t('webhooks.attemptsTitle')}</Title>
      <Anchor component={Link} to={`${webhooksRoutes.path}/${encodeURIComponent(id)}`}>
        {t('webhooks.backToLog')}
      </Anchor>
      {delivery ? (
        <Text>
          {t('webhooks.attemptsIntro', {
            id: delivery.id,
            event: t(`webhooks.eventNames.${delivery.eventType}`),
          })}
        </Text>
      ) : (
        <Loader size="sm" aria-label={t('common.loading')} />
      )}
      <DataTable
        columns={columns}
        data={attempts.data?.rows ?? []}
        loadState={attempts.isError ? 'failed' : attempts.data ? 'loaded' : 'loading'}
        dataName={t('webhooks.attemptsDataName')}
        onRetry={() => void attempts.refetch()}
        paging={paging.table(attempts.data)}
        getRowId={(a) => a.id}
      />
    </Stack>
  );
}
