import { type ApplicationRole, ROLE_NAME_MAX, roleNameSchema } from '@client-portal/contract';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SelectField, TextField, useContractForm } from '../../../components/form';
import {
  ErrorSummary,
  FormFeedback,
  useErrorSummary,
  useFormFeedback,
} from '../../../components/form-feedback';
import { ruleField } from '../../../i18n/rule-field';
import type { ApiResult } from '../../../lib/api-client';
import { withinParent } from '../feature-groups';
import { FeatureCheckboxes } from './feature-checkboxes';

export const roleFormSchema = (t: TFunction, parentRequired: boolean) =>
  z.object({
    name: ruleField(roleNameSchema, t, 'roles.rules', 'name'),
    parentId: parentRequired
      ? z.string({ error: t('roles.parentRequired') }).min(1, t('roles.parentRequired'))
      : z.string().nullable(),
    features: z.array(z.string()),
  });

export type RoleFormValues = z.infer<ReturnType<typeof roleFormSchema>>;

interface Props {
  mode: 'add' | 'edit';
  /** The roles the user can see: the parent choices when adding. */
  roles: readonly ApplicationRole[];
  /** Edit: the role as loaded. */
  role?: ApplicationRole;
  /** Edit: what may be ticked when the parent role is not among the visible roles. */
  fallbackOffered: readonly string[];
  onSubmit(values: RoleFormValues): Promise<ApiResult<unknown>>;
  /** May wait (for the list to refresh) before leaving the form. */
  onSuccess(): void | Promise<void>;
  onCancel(): void;
}

/** Add and edit share this form; on edit the parent is shown by name and cannot change. */
export function RoleForm({ mode, roles, role, fallbackOffered, onSubmit, onSuccess, onCancel }: Props) {
  const { t } = useTranslation();
  const summary = useErrorSummary();
  const feedback = useFormFeedback();
  const schema = useMemo(() => roleFormSchema(t, mode === 'add'), [t, mode]);
  const form = useContractForm<RoleFormValues>(schema, {
    name: role?.name ?? '',
    parentId: role?.parentApplicationRoleId != null ? String(role.parentApplicationRoleId) : null,
    features: role?.features ?? [],
  });
  const { control, handleSubmit, setValue, getValues } = form;
  const parentId = useWatch({ control, name: 'parentId' });
  const parent = roles.find((r) => String(r.applicationRoleId) === parentId);
  const offered = useMemo(() => {
    if (mode === 'add') return parent?.features ?? [];
    // The role's own features stay offered so they can be taken away.
    const base = parent?.features ?? fallbackOffered;
    return [...new Set([...base, ...(role?.features ?? [])])];
  }, [mode, parent, fallbackOffered, role]);

  const submit = async (values: RoleFormValues) => {
    const result = await feedback.submit(() =>
      onSubmit({ ...values, features: withinParent(values.features, offered) }),
    );
    if (result.ok) await onSuccess();
  };

  const failedMessage = t(mode === 'add' ? 'roles.addFailed' : 'roles.editFailed');
  const parentOptions = roles
    .filter((r) => r.applicationRoleId !== role?.applicationRoleId)
    .map((r) => ({ value: String(r.applicationRoleId), label: r.name }));

  return (
    <form ref={summary.formRef} onSubmit={handleSubmit(summary.valid(submit), summary.onInvalid)} noValidate>
      <fieldset disabled={feedback.isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <ErrorSummary summary={summary} />
          <FormFeedback feedback={feedback} failedMessage={failedMessage} />
          <TextField form={form} name="name" label={t('roles.name')} required maxLength={ROLE_NAME_MAX} />
          {mode === 'add' ? (
            <SelectField
              form={form}
              name="parentId"
              label={t('roles.parent')}
              placeholder={t('roles.parentPlaceholder')}
              required
              data={parentOptions}
              onChange={(value) => {
                const next = roles.find((r) => String(r.applicationRoleId) === value);
                // Ticks the new parent does not give would be refused by the server.
                setValue('features', withinParent(getValues('features'), next?.features ?? []));
              }}
              comboboxProps={{ withinPortal: false }}
            />
          ) : (
            <TextInput
              label={t('roles.parent')}
              value={parent?.name ?? t('roles.noParent')}
              readOnly
              variant="filled"
            />
          )}
          <Stack gap="xs">
            <Text fw={500}>{t('roles.features')}</Text>
            <Text size="sm" c="dimmed">
              {t('roles.featuresHint')}
            </Text>
            {mode === 'add' && !parent ? (
              <Text size="sm">{t('roles.chooseParentFirst')}</Text>
            ) : offered.length === 0 ? (
              <Text size="sm">{t('roles.noFeatures')}</Text>
            ) : (
              <Controller
                control={control}
                name="features"
                render={({ field }) => (
                  <FeatureCheckboxes
                    offered={offered}
                    value={field.value}
                    onChange={field.onChange}
                    disabled={feedback.isSubmitting}
                  />
                )}
              />
            )}
          </Stack>
          <Group>
            <Button variant="default" onClick={onCancel}>
              {t('roles.cancel')}
            </Button>
            <Button type="submit" loading={feedback.isSubmitting}>
              {t(mode === 'add' ? 'roles.submitAdd' : 'roles.save')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
