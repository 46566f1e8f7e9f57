import { Alert, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmDone } from '../../components/form-feedback';
import { useRoles } from '../../lib/roles';
import { usePageTitle } from '../../lib/use-page-title';
import { refusalReasons, useRemoveRole, useRoleRemovalCheck } from './api/remove-role';
import { RoleLoadGate } from './components/role-load-gate';
import { rolesRoutes } from './routes';

const LIST = rolesRoutes.path;

type RemoveState = { kind: 'confirm' } | { kind: 'removing' } | { kind: 'refused'; reasons: string[] };

/** Asks first; a role that users hold or that has child roles is refused with the server's reason. */
export function RemoveRolePage() {
  const { t } = useTranslation();
  usePageTitle(t('roles.removeTitle'));
  const navigate = useNavigate();
  const roleId = Number(useParams().roleId);
  const roles = useRoles();
  const removeRole = useRemoveRole();
  const role = roles.data?.find((r) => r.applicationRoleId === roleId);
  const [state, setState] = useState<RemoveState>({ kind: 'confirm' });
  // Asked before offering Remove: a role that cannot go says why and offers no Remove button.
  const check = useRoleRemovalCheck(roleId);
  const reasons = state.kind === 'refused' ? state.reasons : (check.data?.reasons ?? []);

  const remove = async () => {
    setState({ kind: 'removing' });
    const result = await removeRole.mutateAsync(roleId);
    if (result.ok) {
      confirmDone(t('roles.removed', { name: role?.name ?? '' }));
      navigate(LIST);
      return;
    }
    setState({ kind: 'refused', reasons: refusalReasons(result) });
  };

  const body = (
    <RoleLoadGate roles={roles} role={role}>
      {(role) => {
        if (check.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
        if (reasons.length > 0 || state.kind === 'refused') {
          return (
            <>
              <Alert color="yellow" title={t('roles.removeRefused')} role="alert">
                {reasons.length > 0 ? (
                  <List size="sm">
                    {reasons.map((reason) => (
                      <List.Item key={reason}>{reason}</List.Item>
                    ))}
                  </List>
                ) : (
                  t('roles.removeFailed')
                )}
              </Alert>
              <Group>
                <Button variant="default" onClick={() => navigate(LIST)}>
                  {t('roles.backToList')}
                </Button>
              </Group>
            </>
          );
        }
        return (
          <>
            <Text>{t('roles.removeQuestion', { name: role.name })}</Text>
            <Group>
              <Button variant="default" onClick={() => navigate(LIST)}>
                {t('roles.cancel')}
              </Button>
              <Button color="red" onClick={() => void remove()} loading={state.kind === 'removing'}>
                {t('roles.remove')}
              </Button>
            </Group>
          </>
        );
      }}
    </RoleLoadGate>
  );

  return (
    <Stack maw={720}>
      <Title order={1}>{t('roles.removeTitle')}</Title>
      {body}
    </Stack>
  );
}
