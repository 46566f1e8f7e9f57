import { Alert, Anchor, Loader, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDone } from '../../components/form-feedback';
import { useApiClient } from '../../lib/api-context';
import { usePageTitle } from '../../lib/use-page-title';
import { addRole } from './api/add-role';
import { rolesQueryKey, useRoles } from './api/list-roles';
import { RoleForm, type RoleFormValues } from './components/role-form';

const LIST = '/admin/user/roles';

export function AddRolePage() {
  const { t } = useTranslation();
  usePageTitle(t('roles.addTitle'));
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const roles = useRoles();

  const submit = (values: RoleFormValues) =>
    addRole(api, {
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
          onSuccess={async () => {
            // The form still watches the list, so this refetches it before the list page shows it.
            await queryClient.invalidateQueries({ queryKey: rolesQueryKey });
            confirmDone(t('roles.added'));
            navigate(LIST);
          }}
          onCancel={() => navigate(LIST)}
        />
      )}
    </Stack>
  );
}
