import { Alert, Button, Loader, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmDone } from '../../components/form-feedback';
import { useApiClient } from '../../lib/api-context';
import { usePageTitle } from '../../lib/use-page-title';
import { hasAnyFeature, useUserInfo } from '../../lib/user-info';
import { useAccount } from './api/get-account';
import { forgetAccounts } from './api/list-accounts';
import { useAssignableRoles } from './api/list-roles';
import { resendConfirmation } from './api/resend-confirmation';
import { useResolvedSites } from './api/resolve-sites';
import { updateAccount } from './api/update-account';
import { AccountForm } from './components/account-form';
import { ConfirmationIndicator } from './components/confirmation-indicator';
import { useAccountFormContext } from './use-account-form-context';

const LIST = '/admin/user/accounts';

export function EditAccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('userAccounts.editTitle'));
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const userId = useParams().userId ?? '';
  const userInfo = useUserInfo().data;
  const canViewHistory = hasAnyFeature(userInfo, 'Users.ViewHistory');
  const account = useAccount(userId);
  const roles = useAssignableRoles();
  const sites = useResolvedSites(account.data?.access);
  const context = useAccountFormContext();

  const body = (() => {
    if (account.isError || roles.isError) {
      return (
        <Alert color="red" role="alert">
          {t('userAccounts.editFailed')}
        </Alert>
      );
    }
    if (!account.data || !roles.data || !sites.data) {
      return <Loader size="sm" aria-label={t('common.loading')} />;
    }
    const loaded = account.data;
    return (
      <AccountForm
        key={loaded.userId}
        mode="edit"
        initial={{
          email: loaded.email,
          accessAllSites: loaded.accessAllSites,
          sites: sites.data,
          roles: loaded.roles,
          flags: loaded.flags,
        }}
        roles={roles.data}
        flags={userInfo?.visibleFlags ?? []}
        context={context}
        emailAddon={
          <ConfirmationIndicator
            emailConfirmed={loaded.emailConfirmed}
            resend={() => resendConfirmation(api, loaded.userId)}
          />
        }
        extraActions={
          canViewHistory && (
            <Button component={Link} to={`${LIST}/audit/${loaded.userId}`} variant="subtle">
              {t('userAccounts.auditLink')}
            </Button>
          )
        }
        onSubmit={(input) => updateAccount(api, loaded.userId, input)}
        onSuccess={() => {
          void forgetAccounts(queryClient);
          confirmDone(t('userAccounts.saved', { email: loaded.email }));
          navigate(LIST);
        }}
        onCancel={() => navigate(LIST)}
      />
    );
  })();

  return (
    <Stack maw={760}>
      <Title order={1}>{t('userAccounts.editTitle')}</Title>
      {body}
    </Stack>
  );
}
