import { Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import { type Control, type FieldError, type UseFormRegisterReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form';
import {
  ErrorSummary,
  FormFeedback,
  useDelayedMessage,
  useErrorSummary,
  useFormFeedback,
} from '../../../components/form-feedback';
import { MarkdownText } from '../../../components/sanitised-html';
import { useAppConfig } from '../../../lib/app-config-context';
import { useSaveSettings } from '../api/save-settings';
import type { SettingField } from './setting-field';
import {
  initialValues,
  type SettingsFormValues,
  settingsFormSchema,
  toEntryValue,
} from './settings-form-model';

function FieldInput(props: {
  field: SettingField;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
}) {
  const { t } = useTranslation();
  const { field, registration } = props;
  const error = useDelayedMessage(props.error?.message);
  const common = {
    label: t(field.label),
    description: field.description ? t(field.description) : undefined,
    error,
    required: field.required,
    ...registration,
  };
  if (field.kind === 'textarea' || field.kind === 'markdown') {
    return <Textarea {...common} rows={field.kind === 'markdown' ? 6 : 3} maxLength={field.maxLength} />;
  }
  if (field.kind === 'number') {
    return (
      <TextInput {...common} type="number" inputMode="numeric" min={field.min} max={field.max} step={1} />
    );
  }
  if (field.kind === 'datetime') return <TextInput {...common} type="datetime-local" />;
  const type = field.kind === 'url' || field.kind === 'tel' || field.kind === 'email' ? field.kind : 'text';
  // The operator's contact for clients, not the user's own: no autocomplete of their own number.
  return <TextInput {...common} type={type} autoComplete="off" maxLength={field.maxLength} />;
}

function MarkdownPreview({ control, name }: { control: Control<SettingsFormValues>; name: string }) {
  const { t } = useTranslation();
  const markdown = useWatch({ control, name }) ?? '';
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('appSettings.form.preview')}
      </Text>
      <Paper withBorder p="sm">
        {markdown.trim() ? (
          <MarkdownText markdown={markdown} testId="markdown-preview" />
        ) : (
          <Text size="sm" c="dimmed">
            {t('appSettings.form.previewEmpty')}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}

interface Props {
  title: string;
  headingOrder?: 1 | 2;
  intro?: string;
  fields: readonly SettingField[];
}

/**
 * A small settings form over some config entries: the contract's rules validate it (messages after
 * 200 ms), empty fields are sent as unset, and the saved answer becomes the app's config at once.
 * It starts from the config current when it mounts; the page loads the latest one first.
 */
export function SettingsForm({ title, headingOrder = 2, intro, fields }: Props) {
  const { t } = useTranslation();
  const summary = useErrorSummary();
  const { config } = useAppConfig();
  const saveSettings = useSaveSettings();
  const feedback = useFormFeedback();
  const schema = useMemo(() => settingsFormSchema(fields, t), [fields, t]);
  const form = useContractForm<SettingsFormValues>(schema, initialValues(fields, config.entries), {
    mode: 'onTouched',
  });

  const onSubmit = async (values: SettingsFormValues) => {
    const entries = Object.fromEntries(fields.map((f) => [f.key, toEntryValue(f, values[f.key] ?? '')]));
    const result = await feedback.submit(() => saveSettings.mutateAsync(entries));
    if (result.ok) form.reset(initialValues(fields, result.data.config));
  };

  const disabled = feedback.isSubmitting;
  return (
    <Paper withBorder p="lg">
      <form
        ref={summary.formRef}
        onSubmit={form.handleSubmit(summary.valid(onSubmit), summary.onInvalid)}
        noValidate
        aria-label={title}
      >
        <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <ErrorSummary summary={summary} />
            <Title order={headingOrder} size="h3">
              {title}
            </Title>
            {intro && <Text size="sm">{intro}</Text>}
            <FormFeedback
              feedback={feedback}
              failedMessage={t('appSettings.form.failed')}
              successMessage={t('appSettings.form.saved')}
            />
            {fields.map((field) => (
              <Stack key={field.key} gap="xs">
                <FieldInput
                  field={field}
                  registration={form.register(field.key)}
                  error={form.formState.errors[field.key]}
                />
                {field.kind === 'markdown' && <MarkdownPreview control={form.control} name={field.key} />}
              </Stack>
            ))}
            <Group>
              <Button type="submit" loading={feedback.isSubmitting} disabled={disabled}>
                {t('appSettings.form.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
}
