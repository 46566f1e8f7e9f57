import { Alert, Anchor, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDone } from '../../components/form-feedback';
import { useRoles } from '../../lib/roles';
import { usePageTitle } from '../../lib/use-page-title';
import { useAddRole } from './api/add-role';
import { RoleForm, type RoleFormValues } from './components/role-form';
import { rolesRoutes } from './routes';

const LIST = rolesRoutes.path;

export function AddRolePage() {
  const { t } = useTranslation();
  usePageTitle(t('roles.addTitle'));
  const navigate = useNavigate();
  const roles = useRoles();
  const addRole = useAddRole();

  const submit = (values: RoleFormValues) =>
    addRole.mutateAsync({
      name: values.name,
      parentApplicationRoleId: Number(values.parentId),
      features: values.features,
    });

  return (
    <Stack maw={720}>
      <Title order={1}>{t('roles.addTitle')}</Title>
      {roles.isError ? (
        <Alert color="red" role="alert">
          {t('roles.loadFailed')}{' '}
          <Anchor component="button" type="button" onClick={() => void roles.refetch()}>
            {t('common.retry')}
          </Anchor>
        </Alert>
      ) : !roles.data ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : (
        <RoleForm
          mode="add"
          roles={roles.data}
          fallbackOffered={[]}
          onSubmit={submit}
          onSuccess={() => {
            confirmDone(t('roles.added'));
            navigate(LIST);
          }}
          onCancel={() => navigate(LIST)}
        />
      )}
    </Stack>
  );
}
