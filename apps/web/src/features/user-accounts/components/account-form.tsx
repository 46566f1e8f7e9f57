import {
  type ApplicationRole,
  EMAIL_MAX,
  type FlagInfo,
  type UserAccountInput,
} from '@client-portal/contract';
import { Button, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CheckboxesField,
  CheckboxField,
  SitePickerField,
  TextField,
  useContractForm,
} from '../../../components/form';
import {
  ErrorSummary,
  FormFeedback,
  useErrorSummary,
  useFormFeedback,
} from '../../../components/form-feedback';
import type { ApiResult } from '../../../lib/api-client';
import {
  type AccountFormContext,
  type AccountFormValues,
  accountFormSchema,
  canOfferGlobalAccess,
  toAccountInput,
} from '../account-form-model';
import { featuresOfRoles, groupFlags, offeredFlags } from '../flag-options';

interface Props {
  mode: 'add' | 'edit';
  initial: AccountFormValues;
  /** The roles the user may assign. */
  roles: readonly ApplicationRole[];
  /** The flag catalogue the user sees (user info visibleFlags). */
  flags: readonly FlagInfo[];
  context: AccountFormContext;
  onSubmit(input: UserAccountInput): Promise<ApiResult<unknown>>;
  onSuccess(): void;
  onCancel(): void;
  /** Shown under the email field (edit: the confirmation indicator). */
  emailAddon?: ReactNode;
  /** Extra buttons before Cancel (edit: Audit history). */
  extraActions?: ReactNode;
}

/** Add and edit of a user account: email, global access or sites, roles, and the flags they allow. */
export function AccountForm(props: Props) {
  const { mode, initial, roles, flags, context } = props;
  const { t } = useTranslation();
  const summary = useErrorSummary();
  const feedback = useFormFeedback();
  const schema = useMemo(() => accountFormSchema(t, context), [t, context]);
  const form = useContractForm<AccountFormValues>(schema, initial);
  const { control, handleSubmit } = form;
  const [email, accessAllSites, roleIds] = useWatch({ control, name: ['email', 'accessAllSites', 'roles'] });
  const globalOffered = canOfferGlobalAccess(context.viewerAccessAllSites, email, context.staffEmailDomain);
  const global = globalOffered && accessAllSites;
  const offered = useMemo(
    () => offeredFlags(flags, featuresOfRoles(roles, roleIds)),
    [flags, roles, roleIds],
  );

  const submit = async (values: AccountFormValues) => {
    const result = await feedback.submit(() => props.onSubmit(toAccountInput(values, context, offered)));
    if (result.ok) props.onSuccess();
  };

  return (
    <form ref={summary.formRef} onSubmit={handleSubmit(summary.valid(submit), summary.onInvalid)} noValidate>
      <fieldset disabled={feedback.isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <ErrorSummary summary={summary} />
          <FormFeedback
            feedback={feedback}
            failedMessage={t(mode === 'add' ? 'userAccounts.addFailed' : 'userAccounts.editFailed')}
          />
          <Stack gap="xs">
            <TextField
              form={form}
              name="email"
              label={t('userAccounts.email')}
              type="email"
              required
              maxLength={EMAIL_MAX}
              autoComplete="off"
            />
            {props.emailAddon}
          </Stack>
          {globalOffered && (
            <CheckboxField
              form={form}
              name="accessAllSites"
              label={t('userAccounts.globalAccess')}
              description={t('userAccounts.globalAccessHint')}
            />
          )}
          {!global && (
            <SitePickerField
              form={form}
              name="sites"
              label={t('userAccounts.sites')}
              multiple
              required
              disabled={feedback.isSubmitting}
            />
          )}
          <CheckboxesField
            form={form}
            name="roles"
            label={t('userAccounts.roles')}
            required
            fromValue={(ids: number[]) => ids.map(String)}
            toValue={(ticked) => ticked.map(Number)}
          >
            {roles.length === 0 ? (
              <Text size="sm">{t('userAccounts.noRoles')}</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
                {roles.map((role) => (
                  <Checkbox
                    key={role.applicationRoleId}
                    value={String(role.applicationRoleId)}
                    label={role.name}
                  />
                ))}
              </SimpleGrid>
            )}
          </CheckboxesField>
          <CheckboxesField
            form={form}
            name="flags"
            label={t('userAccounts.flags')}
            description={t('userAccounts.flagsHint')}
          >
            {offered.length === 0 ? (
              <Text size="sm" mt="xs">
                {t('userAccounts.noFlags')}
              </Text>
            ) : (
              <Stack gap="sm" mt="xs">
                {groupFlags(offered).map((group) => (
                  <Stack gap={4} key={group.group ?? 'general'}>
                    <Text size="sm" fw={500}>
                      {group.label ?? t('userAccounts.generalFlags')}
                    </Text>
                    {group.flags.map((flag) => (
                      <Checkbox
                        key={flag.normalizedName}
                        value={flag.normalizedName}
                        label={flag.name}
                        description={flag.description}
                      />
                    ))}
                  </Stack>
                ))}
              </Stack>
            )}
          </CheckboxesField>
          <Group>
            {props.extraActions}
            <Button variant="default" onClick={props.onCancel}>
              {t('userAccounts.cancel')}
            </Button>
            <Button type="submit" loading={feedback.isSubmitting}>
              {t(mode === 'add' ? 'userAccounts.submitAdd' : 'userAccounts.save')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
