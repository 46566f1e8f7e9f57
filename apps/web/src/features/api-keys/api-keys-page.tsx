import {
  type ApiKey,
  type ApiKeyState,
  apiKeysPageQuerySchema,
  ukDateTime,
  ukLastDayBefore,
} from '@client-portal/contract';
import { Alert, Badge, Button, Group, Loader, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn, listPaging, withoutPaging } from '../../components/data-table';
import { useListState } from '../../lib/use-list-state';
import { usePageTitle } from '../../lib/use-page-title';
import { useUserInfo } from '../../lib/user-info';
import { useApiKeys } from './api/list-api-keys';
import { useRevokeApiKey } from './api/revoke-api-key';

const DEFAULT_SORT = { id: 'createdAt', desc: true };
const stateColours: Record<ApiKeyState, string> = { active: 'green', expired: 'gray', revoked: 'red' };

/**
 * /admin/api-keys: the keys the user sees (their company's; every company's for the operator), newest
 * first, paged by the server with the filter and page in the address (decision 28), and a revoke for
 * each live key after a question.
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  usePageTitle(t('apiKeys.title'));
  const userInfo = useUserInfo().data;
  const [query, setQuery] = useListState(apiKeysPageQuerySchema);
  const paging = listPaging(query, setQuery, DEFAULT_SORT);
  const keys = useApiKeys(paging.request);
  const revoke = useRevokeApiKey();
  const [asked, setAsked] = useState<ApiKey | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; name: string } | null>(null);
  const operator = userInfo?.accessAllSites === true;

  const confirmRevoke = async (key: ApiKey) => {
    const result = await revoke.mutateAsync(key.id);
    setAsked(null);
    setOutcome({ ok: result.ok, name: key.name });
  };

  const columns = useMemo((): DataTableColumn<ApiKey>[] => {
    const all: (DataTableColumn<ApiKey> | false)[] = [
      { id: 'name', header: t('apiKeys.columns.name'), accessor: (k) => k.name, sortable: false },
      {
        id: 'hint',
        header: t('apiKeys.columns.hint'),
        cell: (k) => <Text ff="monospace">{k.hint}</Text>,
        accessor: (k) => k.hint,
        sortable: false,
      },
      operator && {
        id: 'company',
        header: t('apiKeys.columns.company'),
        accessor: (k) => k.companyName,
        sortable: false,
      },
      {
        id: 'createdBy',
        header: t('apiKeys.columns.createdBy'),
        accessor: (k) => k.createdBy,
        sortable: false,
      },
      {
        id: 'features',
        header: t('apiKeys.columns.features'),
        accessor: (k) => k.features.join(', '),
        sortable: false,
      },
      {
        id: 'access',
        header: t('apiKeys.columns.access'),
        accessor: (k) => k.access.join(', '),
        sortable: false,
      },
      {
        id: 'scim',
        header: t('apiKeys.columns.scim'),
        accessor: (k) =>
          k.scim
            ? t('apiKeys.scimSummary', {
                role: k.scim.roleName ?? t('apiKeys.scimNoRole'),
                access: k.scim.access.join(', '),
              })
            : t('apiKeys.scimNone'),
        sortable: false,
      },
      // The server's one order: newest first by default, oldest first when sorted the other way.
      { id: 'createdAt', header: t('apiKeys.columns.created'), accessor: (k) => ukDateTime(k.createdAt) },
      {
        id: 'expiresAt',
        header: t('apiKeys.columns.expires'),
        // The last day it works, as it was chosen (it stops at the midnight that ends that day).
        accessor: (k) => ukLastDayBefore(k.expiresAt),
        sortable: false,
      },
      {
        id: 'lastUsedAt',
        header: t('apiKeys.columns.lastUsed'),
        accessor: (k) => (k.lastUsedAt ? ukDateTime(k.lastUsedAt) : t('apiKeys.neverUsed')),
        sortable: false,
      },
      {
        id: 'state',
        header: t('apiKeys.columns.state'),
        accessor: (k) => t(`apiKeys.states.${k.state}`),
        cell: (k) => (
          <Badge color={stateColours[k.state]} variant="light">
            {t(`apiKeys.states.${k.state}`)}
          </Badge>
        ),
        sortable: false,
      },
      {
        id: 'actions',
        header: t('apiKeys.columns.actions'),
        exportable: false,
        cell: (k) =>
          k.state === 'active' ? (
            <Button
              size="xs"
              variant="light"
              color="red"
              aria-label={t('apiKeys.revokeLabel', { name: k.name })}
              onClick={() => setAsked(k)}
            >
              {t('apiKeys.revoke')}
            </Button>
          ) : null,
      },
    ];
    return all.filter((column): column is DataTableColumn<ApiKey> => column !== false);
  }, [t, operator]);

  if (!userInfo) return <Loader size="sm" aria-label={t('common.loading')} />;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('apiKeys.title')}</Title>
        {!operator && (
          <Button component={Link} to="add">
            {t('apiKeys.add')}
          </Button>
        )}
      </Group>
      <Text>{t('apiKeys.intro')}</Text>
      {operator && <Text size="sm">{t('apiKeys.operatorCannotAdd')}</Text>}
      <div role="status">
        {outcome?.ok === true && <Alert color="green">{t('apiKeys.revoked', { name: outcome.name })}</Alert>}
        {outcome?.ok === false && <Alert color="red">{t('apiKeys.revokeFailed')}</Alert>}
      </div>
      <Select
        label={t('apiKeys.filters.state')}
        maw={320}
        data={[
          { value: 'all', label: t('apiKeys.filters.all') },
          { value: 'active', label: t('apiKeys.filters.active') },
          { value: 'expired', label: t('apiKeys.filters.expired') },
          { value: 'revoked', label: t('apiKeys.filters.revoked') },
        ]}
        value={query.state ?? 'all'}
        allowDeselect={false}
        onChange={(state) =>
          setQuery(
            { ...withoutPaging(query), state: state && state !== 'all' ? (state as ApiKeyState) : undefined },
            { replace: true },
          )
        }
        comboboxProps={{ withinPortal: false }}
      />
      <DataTable
        columns={columns}
        data={keys.data?.rows ?? []}
        loadState={keys.isError ? 'failed' : keys.data ? 'loaded' : 'loading'}
        dataName={t('apiKeys.dataName')}
        onRetry={() => void keys.refetch()}
        paging={paging.table(keys.data)}
        getRowId={(k) => k.id}
      />
      {asked && (
        <Modal
          opened
          onClose={() => setAsked(null)}
          title={t('apiKeys.revokeTitle')}
          closeButtonProps={{ 'aria-label': t('apiKeys.cancel') }}
        >
          <Stack>
            <Text>{t('apiKeys.revokeQuestion', { name: asked.name, hint: asked.hint })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsked(null)}>
                {t('apiKeys.cancel')}
              </Button>
              <Button color="red" loading={revoke.isPending} onClick={() => void confirmRevoke(asked)}>
                {t('apiKeys.revokeConfirm')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
