import {
  type CreatedWebhook,
  ukDateTime,
  type Webhook,
  webhooksPageQuerySchema,
} from '@client-portal/contract';
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn, listPaging } from '../../components/data-table';
import { useListState } from '../../lib/use-list-state';
import { usePageTitle } from '../../lib/use-page-title';
import { useUserInfo } from '../../lib/user-info';
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSetWebhookEnabled,
  useWebhooks,
} from './api/webhooks-api';
import { SecretShownOnce } from './secret-shown-once';

const DEFAULT_SORT = { id: 'createdAt', desc: true };

type Question = { kind: 'rotate' | 'remove'; webhook: Webhook };
type Outcome = { ok: boolean; message: string };

/**
 * /admin/webhooks: the webhooks the user sees (their company's; every company's for the operator),
 * newest first, paged by the server with the page in the address (decision 28), each with its
 * delivery log, on and off, a new secret (shown once) and delete after a question.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  usePageTitle(t('webhooks.title'));
  const userInfo = useUserInfo().data;
  const [query, setQuery] = useListState(webhooksPageQuerySchema);
  const paging = listPaging(query, setQuery, DEFAULT_SORT);
  const webhooks = useWebhooks(paging.request);
  const setEnabled = useSetWebhookEnabled();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const [asked, setAsked] = useState<Question | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [secret, setSecret] = useState<CreatedWebhook | null>(null);
  const operator = userInfo?.accessAllSites === true;

  const toggle = async (webhook: Webhook) => {
    const result = await setEnabled.mutateAsync({ id: webhook.id, enabled: !webhook.enabled });
    setOutcome({
      ok: result.ok,
      message: result.ok ? t('webhooks.changed', { url: webhook.url }) : t('webhooks.changeFailed'),
    });
  };
  const confirm = async (question: Question) => {
    if (question.kind === 'rotate') {
      const result = await rotate.mutateAsync(question.webhook.id);
      setAsked(null);
      if (result.ok) setSecret(result.data);
      else setOutcome({ ok: false, message: t('webhooks.changeFailed') });
    } else {
      const result = await remove.mutateAsync(question.webhook.id);
      setAsked(null);
      setOutcome({
        ok: result.ok,
        message: result.ok
          ? t('webhooks.removed', { url: question.webhook.url })
          : t('webhooks.changeFailed'),
      });
    }
  };

  const columns = useMemo((): DataTableColumn<Webhook>[] => {
    const stateOf = (w: Webhook) =>
      w.enabled
        ? t('webhooks.states.on')
        : w.disabledReason === 'failing'
          ? t('webhooks.states.failing')
          : t('webhooks.states.off');
    const all: (DataTableColumn<Webhook> | false)[] = [
      {
        id: 'url',
        header: t('webhooks.columns.url'),
        accessor: (w) => w.url,
        cell: (w) => <Text style={{ wordBreak: 'break-all' }}>{w.url}</Text>,
        sortable: false,
      },
      operator && {
        id: 'company',
        header: t('webhooks.columns.company'),
        accessor: (w) => w.companyName,
        sortable: false,
      },
      {
        id: 'events',
        header: t('webhooks.columns.events'),
        accessor: (w) => w.events.map((e) => t(`webhooks.eventNames.${e}`)).join(', '),
        sortable: false,
      },
      {
        id: 'sites',
        header: t('webhooks.columns.sites'),
        accessor: (w) => w.sites.join(', '),
        sortable: false,
      },
      {
        id: 'createdBy',
        header: t('webhooks.columns.createdBy'),
        accessor: (w) => w.createdBy,
        sortable: false,
      },
      // The server's one order: newest first by default, oldest first when sorted the other way.
      { id: 'createdAt', header: t('webhooks.columns.created'), accessor: (w) => ukDateTime(w.createdAt) },
      {
        id: 'state',
        header: t('webhooks.columns.state'),
        accessor: stateOf,
        cell: (w) => (
          <Stack gap={2}>
            <Badge
              color={w.enabled ? 'green' : w.disabledReason === 'failing' ? 'red' : 'gray'}
              variant="light"
            >
              {stateOf(w)}
            </Badge>
            {w.enabled && w.failingSince && (
              <Text size="xs">{t('webhooks.states.failingSince', { at: ukDateTime(w.failingSince) })}</Text>
            )}
          </Stack>
        ),
        sortable: false,
      },
      {
        id: 'actions',
        header: t('webhooks.columns.actions'),
        exportable: false,
        cell: (w) => (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              component={Link}
              to={w.id}
              aria-label={t('webhooks.logLabel', { url: w.url })}
            >
              {t('webhooks.log')}
            </Button>
            <Button
              size="xs"
              variant="light"
              aria-label={t(w.enabled ? 'webhooks.turnOffLabel' : 'webhooks.turnOnLabel', { url: w.url })}
              onClick={() => void toggle(w)}
            >
              {w.enabled ? t('webhooks.turnOff') : t('webhooks.turnOn')}
            </Button>
            {!operator && (
              <Button
                size="xs"
                variant="light"
                aria-label={t('webhooks.rotateLabel', { url: w.url })}
                onClick={() => setAsked({ kind: 'rotate', webhook: w })}
              >
                {t('webhooks.rotate')}
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              color="red"
              aria-label={t('webhooks.removeLabel', { url: w.url })}
              onClick={() => setAsked({ kind: 'remove', webhook: w })}
            >
              {t('webhooks.remove')}
            </Button>
          </Group>
        ),
      },
    ];
    return all.filter((column): column is DataTableColumn<Webhook> => column !== false);
  }, [t, operator]);

  if (!userInfo) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (secret) {
    return <SecretShownOnce created={secret} onDone={() => setSecret(null)} />;
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('webhooks.title')}</Title>
        {!operator && (
          <Button component={Link} to="add">
            {t('webhooks.add')}
          </Button>
        )}
      </Group>
      <Text>{t('webhooks.intro')}</Text>
      {operator && <Text size="sm">{t('webhooks.operatorCannotAdd')}</Text>}
      <div role="status">
        {outcome && <Alert color={outcome.ok ? 'green' : 'red'}>{outcome.message}</Alert>}
      </div>
      <DataTable
        columns={columns}
        data={webhooks.data?.rows ?? []}
        loadState={webhooks.isError ? 'failed' : webhooks.data ? 'loaded' : 'loading'}
        dataName={t('webhooks.dataName')}
        onRetry={() => void webhooks.refetch()}
        paging={paging.table(webhooks.data)}
        getRowId={(w) => w.id}
      />
      {asked && (
        <Modal
          opened
          onClose={() => setAsked(null)}
          title={asked.kind === 'rotate' ? t('webhooks.rotateTitle') : t('webhooks.removeTitle')}
          closeButtonProps={{ 'aria-label': t('webhooks.cancel') }}
        >
          <Stack>
            <Text>
              {asked.kind === 'rotate'
                ? t('webhooks.rotateQuestion', { url: asked.webhook.url })
                : t('webhooks.removeQuestion', { url: asked.webhook.url })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsked(null)}>
                {t('webhooks.cancel')}
              </Button>
              <Button
                color={asked.kind === 'remove' ? 'red' : undefined}
                loading={rotate.isPending || remove.isPending}
                onClick={() => void confirm(asked)}
              >
                {asked.kind === 'rotate' ? t('webhooks.rotateConfirm') : t('webhooks.removeConfirm')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
