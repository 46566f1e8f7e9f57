import { FRONTEND_VERSION } from '@client-portal/contract';
import { Alert, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SupportContactDetails } from '../../components/support-contact/support-contact-details';
import { useApiClient } from '../../lib/api-context';
import { useAppConfig } from '../../lib/app-config-context';
import { builtInHash, isUpdateAvailable } from '../../lib/build-hash';
import { userKeys } from '../../lib/query-keys';
import { sessionStore } from '../../lib/session';
import { refreshSession } from '../../lib/session-refresh';
import { clearAllStored } from '../../lib/storage';
import { usePageTitle } from '../../lib/use-page-title';

const reloadPage = () => window.location.reload();

type RefreshState = 'idle' | 'refreshing' | 'done' | 'failed';

/** /account/support: the operator's contact, self-help for a stuck browser and the details support staff ask for. */
export function AccountSupportPage({ reload = reloadPage }: { reload?: () => void }) {
  const { t } = useTranslation();
  usePageTitle(t('account.support.title'));
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { config, refresh } = useAppConfig();
  const [refreshState, setRefreshState] = useState<RefreshState>('idle');
  const [applying, setApplying] = useState(false);
  const updateAvailable = isUpdateAvailable(config.entries.ApplicationHash);

  const onRefreshSession = async () => {
    setRefreshState('refreshing');
    // A refused refresh signs the user out (lib/session-refresh), which takes them to sign in.
    const ok = await refreshSession(api, sessionStore);
    if (ok) void queryClient.invalidateQueries({ queryKey: userKeys.infos });
    setRefreshState(ok ? 'done' : 'failed');
  };

  const onClearCache = () => {
    clearAllStored();
    reload();
  };

  const onApplyUpdate = async () => {
    setApplying(true);
    await refresh();
    reload();
  };

  return (
    <Stack>
      <Title order={1}>{t('account.support.title')}</Title>
      {updateAvailable && (
        <Alert color="blue" title={t('account.support.updateTitle')} data-testid="update-available">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('account.support.updateBody')}</Text>
            <Button onClick={() => void onApplyUpdate()} loading={applying}>
              {t('account.support.applyUpdate')}
            </Button>
          </Stack>
        </Alert>
      )}
      <Paper withBorder p="md" data-testid="support-contact-section">
        <Title order={2} size="h4" mb="xs">
          {t('supportContact.heading')}
        </Title>
        <Text size="sm" mb="sm">
          {t('supportContact.body')}
        </Text>
        <SupportContactDetails />
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4">
            {t('account.support.sessionHeading')}
          </Title>
          <Text size="sm">{t('account.support.sessionBody')}</Text>
          <Button
            variant="default"
            onClick={() => void onRefreshSession()}
            loading={refreshState === 'refreshing'}
          >
            {t('account.support.refreshSession')}
          </Button>
          {refreshState === 'done' && (
            <Text size="sm" role="status" c="green">
              {t('account.support.refreshDone')}
            </Text>
          )}
          {refreshState === 'failed' && (
            <Text size="sm" role="alert" c="red">
              {t('account.support.refreshFailed')}
            </Text>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4">
            {t('account.support.cacheHeading')}
          </Title>
          <Text size="sm">{t('account.support.cacheBody')}</Text>
          <Button variant="default" color="red" onClick={onClearCache}>
            {t('account.support.clearCache')}
          </Button>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('account.support.instanceHeading')}
        </Title>
        <Table variant="vertical" withTableBorder={false} data-testid="instance-details">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>{t('account.support.apiVersion')}</Table.Th>
              <Table.Td>{config.version}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('account.support.frontendVersion')}</Table.Th>
              <Table.Td>{FRONTEND_VERSION}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('account.support.buildId')}</Table.Th>
              <Table.Td ff="monospace">{builtInHash || t('account.support.unknownBuild')}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
