import { Alert, Anchor, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDone } from '../../components/form-feedback';
import { useRoles } from '../../lib/roles';
import { usePageTitle } from '../../lib/use-page-title';
import { useUserInfo } from '../../lib/user-info';
import { emptyAccountForm } from './account-form-model';
import { useAddAccount } from './api/add-account';
import { AccountForm } from './components/account-form';
import { userAccountsRoutes } from './routes';
import { useAccountFormContext } from './use-account-form-context';

const LIST = userAccountsRoutes.path;

/** Invites a new account: it starts unconfirmed without a password and gets the invitation email. */
export function AddAccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('userAccounts.addTitle'));
  const navigate = useNavigate();
  const roles = useRoles();
  const addAccount = useAddAccount();
  const flags = useUserInfo().data?.visibleFlags ?? [];
  const context = useAccountFormContext();

  return (
    <Stack maw={760}>
      <Title order={1}>{t('userAccounts.addTitle')}</Title>
      {roles.isError ? (
        <Alert color="red" role="alert">
          {t('userAccounts.rolesLoadFailed')}{' '}
          <Anchor component="button" type="button" onClick={() => void roles.refetch()}>
            {t('common.retry')}
          </Anchor>
        </Alert>
      ) : !roles.data ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : (
        <AccountForm
          mode="add"
          initial={emptyAccountForm}
          roles={roles.data}
          flags={flags}
          context={context}
          onSubmit={(input) => addAccount.mutateAsync(input)}
          onSuccess={() => {
            confirmDone(t('userAccounts.added'));
            navigate(LIST);
          }}
          onCancel={() => navigate(LIST)}
        />
      )}
    </Stack>
  );
}
