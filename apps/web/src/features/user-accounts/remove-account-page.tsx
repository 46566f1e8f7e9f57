import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmDone, reportFailed } from '../../components/form-feedback';
import { usePageTitle } from '../../lib/use-page-title';
import { useAccount } from './api/get-account';
import { useRemoveAccount } from './api/remove-account';
import { userAccountsRoutes } from './routes';

const LIST = userAccountsRoutes.path;

/** Confirm, remove, then back to the list whatever the outcome (operations spec section 4). */
export function RemoveAccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('userAccounts.removeTitle'));
  const navigate = useNavigate();
  const userId = useParams().userId ?? '';
  const account = useAccount(userId);
  const removeAccount = useRemoveAccount();
  const [removing, setRemoving] = useState(false);

  const remove = async () => {
    setRemoving(true);
    const result = await removeAccount.mutateAsync(userId);
    const email = account.data?.email ?? '';
    // The spec returns to the list whatever happened; the user is told which it was.
    if (result.ok) confirmDone(t('userAccounts.removed', { email }));
    else reportFailed(t('userAccounts.removeFailed', { email }));
    navigate(LIST);
  };

  const body = (() => {
    if (account.isError) {
      return (
        <Alert color="yellow" role="alert">
          {t('userAccounts.loadFailed')}
        </Alert>
      );
    }
    if (!account.data) return <Loader size="sm" aria-label={t('common.loading')} />;
    return (
      <>
        <Text>{t('userAccounts.removeQuestion', { email: account.data.email })}</Text>
        <Text size="sm" c="dimmed">
          {t('userAccounts.removeHint')}
        </Text>
        <Group>
          <Button variant="default" onClick={() => navigate(LIST)} disabled={removing}>
            {t('userAccounts.cancel')}
          </Button>
          <Button color="red" onClick={() => void remove()} loading={removing}>
            {t('userAccounts.remove')}
          </Button>
        </Group>
      </>
    );
  })();

  return (
    <Stack maw={720}>
      <Title order={1}>{t('userAccounts.removeTitle')}</Title>
      {body}
    </Stack>
  );
}
