import { Alert, Badge, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmDone } from '../../components/form-feedback';
import { useRoles } from '../../lib/roles';
import { usePageTitle } from '../../lib/use-page-title';
import { hasAnyFeature, useUserInfo } from '../../lib/user-info';
import { useAccount } from './api/get-account';
import { resent, useResendConfirmation } from './api/resend-confirmation';
import { useResolvedSites } from './api/resolve-sites';
import { useUpdateAccount } from './api/update-account';
import { AccountForm } from './components/account-form';
import { ConfirmationIndicator } from './components/confirmation-indicator';
import { userAccountsRoutes } from './routes';
import { useAccountFormContext } from './use-account-form-context';

const LIST = userAccountsRoutes.path;

export function EditAccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('userAccounts.editTitle'));
  const navigate = useNavigate();
  const userId = useParams().userId ?? '';
  const userInfo = useUserInfo().data;
  const canViewHistory = hasAnyFeature(userInfo, 'Users.ViewHistory');
  const account = useAccount(userId);
  const roles = useRoles();
  const updateAccount = useUpdateAccount(userId);
  const resend = useResendConfirmation();
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
          <Group gap="sm">
            <ConfirmationIndicator
              emailConfirmed={loaded.emailConfirmed}
              resend={() => resend.mutateAsync(loaded.userId).then(resent)}
            />
            {!loaded.active && (
              <Badge color="gray" variant="light" data-state="deactivated">
                {t('userAccounts.deactivated')}
              </Badge>
            )}
          </Group>
        }
        extraActions={
          canViewHistory && (
            <Button component={Link} to={`${LIST}/audit/${loaded.userId}`} variant="subtle">
              {t('userAccounts.auditLink')}
            </Button>
          )
        }
        onSubmit={(input) => updateAccount.mutateAsync(input)}
        onSuccess={() => {
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
