import type { UserAccount } from '@client-portal/contract';
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmDone } from '../../components/form-feedback';
import { useRoles } from '../../lib/roles';
import { usePageTitle } from '../../lib/use-page-title';
import { hasAnyFeature, useUserInfo } from '../../lib/user-info';
import { useAccount } from './api/get-account';
import { resent, useResendConfirmation } from './api/resend-confirmation';
import { useResolvedSites } from './api/resolve-sites';
import { useSetAccountActive } from './api/set-account-active';
import { useUpdateAccount } from './api/update-account';
import { AccountForm } from './components/account-form';
import { ConfirmationIndicator } from './components/confirmation-indicator';
import { userAccountsRoutes } from './routes';
import { useAccountFormContext } from './use-account-form-context';

const LIST = userAccountsRoutes.path;

/**
 * Deactivate or activate the account (decision 51): deactivated, it keeps its address, roles and sites
 * but cannot sign in, and its sessions end at once; a question first, as it signs the person out.
 */
function AccountActiveSection({ account }: { account: UserAccount }) {
  const { t } = useTranslation();
  const setActive = useSetAccountActive();
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const change = async (active: boolean) => {
    const result = await setActive.mutateAsync({ userId: account.userId, active });
    setAsking(false);
    setOutcome({
      ok: result.ok,
      message: result.ok
        ? t(active ? 'userAccounts.activated' : 'userAccounts.deactivatedDone', { email: account.email })
        : t('userAccounts.activeFailed'),
    });
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="account-active-heading">
      <Title order={2} size="h4" id="account-active-heading">
        {t('userAccounts.activeHeading')}
      </Title>
      <Text size="sm">{account.active ? t('userAccounts.activeHint') : t('userAccounts.inactiveHint')}</Text>
      <div role="status">
        {outcome && <Alert color={outcome.ok ? 'green' : 'red'}>{outcome.message}</Alert>}
      </div>
      <Group>
        {account.active ? (
          <Button variant="light" color="red" onClick={() => setAsking(true)}>
            {t('userAccounts.deactivate')}
          </Button>
        ) : (
          <Button variant="light" loading={setActive.isPending} onClick={() => void change(true)}>
            {t('userAccounts.activate')}
          </Button>
        )}
      </Group>
      {asking && (
        <Modal
          opened
          onClose={() => setAsking(false)}
          title={t('userAccounts.deactivateTitle')}
          closeButtonProps={{ 'aria-label': t('userAccounts.cancel') }}
        >
          <Stack>
            <Text>{t('userAccounts.deactivateQuestion', { email: account.email })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(false)}>
                {t('userAccounts.cancel')}
              </Button>
              <Button color="red" loading={setActive.isPending} onClick={() => void change(false)}>
                {t('userAccounts.deactivateConfirm')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}

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
      <>
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
        {loaded.email !== userInfo?.email && <AccountActiveSection account={loaded} />}
      </>
    );
  })();

  return (
    <Stack maw={760}>
      <Title order={1}>{t('userAccounts.editTitle')}</Title>
      {body}
    </Stack>
  );
}
