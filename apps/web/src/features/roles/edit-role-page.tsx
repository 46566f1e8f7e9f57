import { allFeatureNames } from '@client-portal/contract';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmDone } from '../../components/form-feedback';
import { useRoles } from '../../lib/roles';
import { usePageTitle } from '../../lib/use-page-title';
import { hasAnyFeature, useUserInfo } from '../../lib/user-info';
import { useRole } from './api/get-role';
import { useUpdateRole } from './api/update-role';
import { RoleForm, type RoleFormValues } from './components/role-form';
import { RoleLoadGate } from './components/role-load-gate';
import { rolesRoutes } from './routes';

const LIST = rolesRoutes.path;

export function EditRolePage() {
  const { t } = useTranslation();
  usePageTitle(t('roles.editTitle'));
  const navigate = useNavigate();
  const roleId = Number(useParams().roleId);
  const roles = useRoles();
  const updateRole = useUpdateRole(roleId);
  const userInfo = useUserInfo().data;
  // The role itself is read afresh (platform spec 7); the list names its parent and siblings.
  const roleLoad = useRole(roleId);
  const role = roleLoad.data;
  // A parent the user cannot see: offer what the user holds (a root role: everything, for SysAdmin).
  const fallbackOffered = hasAnyFeature(userInfo, 'Application.SysAdmin')
    ? allFeatureNames
    : (userInfo?.featureNames ?? []);

  const submit = (values: RoleFormValues) =>
    updateRole.mutateAsync({
      name: values.name,
      parent: role?.parentApplicationRoleId ?? null,
      features: values.features,
    });

  const body = (
    <RoleLoadGate roles={roles} role={role} roleLoad={roleLoad}>
      {(role, allRoles) => (
        <RoleForm
          key={role.applicationRoleId}
          mode="edit"
          roles={allRoles}
          role={role}
          fallbackOffered={fallbackOffered}
          onSubmit={submit}
          onSuccess={() => {
            confirmDone(t('roles.saved', { name: role.name }));
            navigate(LIST);
          }}
          onCancel={() => navigate(LIST)}
        />
      )}
    </RoleLoadGate>
  );

  return (
    <Stack maw={720}>
      <Title order={1}>{t('roles.editTitle')}</Title>
      {body}
    </Stack>
  );
}
