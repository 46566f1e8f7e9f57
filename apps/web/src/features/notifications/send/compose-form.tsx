import {
  allFeatureNames,
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_TITLE_MAX,
  notificationSeverities,
} from '@client-portal/contract';
import { Button, Group, MultiSelect, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CheckboxField,
  MultiSelectField,
  RadioField,
  ruleCheckSchema,
  SitePickerField,
  TextareaField,
  TextField,
  useContractForm,
  useFieldMessage,
} from '../../../components/form';
import {
  ErrorSummary,
  FormFeedback,
  useErrorSummary,
  useFormFeedback,
} from '../../../components/form-feedback';
import { MarkdownText } from '../../../components/sanitised-html';
import { useCompanySearch, useSendNotification } from '../api/sent-notifications';
import {
  audienceKinds,
  type ComposeValues,
  composeErrors,
  emptyCompose,
  toNotificationInput,
} from './compose-model';

/** The body as its recipients will see it, drawn as the user writes (the same renderer as the server's). */
function BodyPreview({ body }: { body: string }) {
  const { t } = useTranslation();
  const [shown] = useDebouncedValue(body, 150);
  return (
    <Paper withBorder p="sm" aria-labelledby="notification-preview-heading" component="section">
      <Text id="notification-preview-heading" fw={600} size="sm" mb={4}>
        {t('notifications.send.preview')}
      </Text>
      {shown.trim() ? (
        <Text component="div" size="sm" data-testid="notification-preview">
          <MarkdownText markdown={shown} />
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t('notifications.send.previewEmpty')}
        </Text>
      )}
    </Paper>
  );
}

/** Client companies by name (server search), keeping the chosen ones whatever the search shows. */
function CompanyField({
  value,
  onChange,
  error,
}: {
  value: ComposeValues['companies'];
  onChange(value: ComposeValues['companies']): void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useCompanySearch(debounced).data ?? [];
  const known = new Map([...value, ...found].map((c) => [String(c.id), c]));
  return (
    <MultiSelect
      name="companies"
      label={t('notifications.send.companies')}
      placeholder={value.length === 0 ? t('notifications.send.companiesSearch') : undefined}
      required
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={[...known.values()].map((c) => ({ value: String(c.id), label: c.name }))}
      value={value.map((c) => String(c.id))}
      onChange={(ids) => onChange(ids.flatMap((id) => known.get(id) ?? []))}
      error={error}
      nothingFoundMessage="—"
    />
  );
}

/** The compose form of the send page: title, Markdown body with preview, severity, audience, schedule. */
export function ComposeForm({ allSites }: { allSites: boolean }) {
  const { t } = useTranslation();
  const summary = useErrorSummary();
  const feedback = useFormFeedback();
  const send = useSendNotification();
  const [successMessage, setSuccessMessage] = useState('');
  const [failure, setFailure] = useState<string | undefined>();
  const schema = useMemo(() => ruleCheckSchema<ComposeValues>((values) => composeErrors(values, t)), [t]);
  const initial = emptyCompose(allSites ? 'everyone' : 'sites');
  const form = useContractForm<ComposeValues>(schema, initial);
  const { control, handleSubmit, watch, reset } = form;
  // The messages show with the error summary at once (as this form always has).
  const companiesError = useFieldMessage({ form, name: 'companies', instantMessage: true });
  const kind = watch('audienceKind');
  const schedule = watch('schedule');
  const kinds = audienceKinds.filter((k) => allSites || k !== 'everyone');

  const onSubmit = async (values: ComposeValues) => {
    const result = await feedback.submit(() => send.mutateAsync(toNotificationInput(values)));
    if (!result.ok) {
      // In the page's words: a site or company chosen may have left the sender's reach since.
      setFailure(result.status === 404 ? t('notifications.send.notInReach') : undefined);
      return;
    }
    const key =
      result.data.state === 'scheduled' ? 'notifications.send.scheduled' : 'notifications.send.sent';
    setSuccessMessage(t(key, { count: result.data.recipients }));
    reset(emptyCompose(values.audienceKind));
  };

  return (
    <Stack component="section" aria-labelledby="compose-heading">
      <Title order={2} id="compose-heading" size="h3">
        {t('notifications.send.composeHeading')}
      </Title>
      <FormFeedback
        feedback={feedback}
        failedMessage={[t('notifications.send.failed'), failure].filter(Boolean).join(' ')}
        successMessage={successMessage}
      />
      <form
        ref={summary.formRef}
        onSubmit={handleSubmit(summary.valid(onSubmit), summary.onInvalid)}
        noValidate
      >
        <fieldset disabled={feedback.isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <ErrorSummary summary={summary} />
            <TextField
              form={form}
              name="title"
              instantMessage
              label={t('notifications.send.titleLabel')}
              required
              maxLength={NOTIFICATION_TITLE_MAX}
            />
            <TextareaField
              form={form}
              name="body"
              instantMessage
              label={t('notifications.send.bodyLabel')}
              description={t('notifications.send.bodyHint')}
              required
              rows={5}
              maxLength={NOTIFICATION_BODY_MAX}
            />
            <BodyPreview body={watch('body')} />
            <RadioField
              form={form}
              name="severity"
              instantMessage
              label={t('notifications.send.severity')}
              required
            >
              <Group mt={4}>
                {notificationSeverities.map((s) => (
                  <Radio key={s} value={s} label={t(`notifications.severity.${s}`)} />
                ))}
              </Group>
            </RadioField>
            <RadioField
              form={form}
              name="audienceKind"
              instantMessage
              label={t('notifications.send.audience')}
              required
            >
              <Stack gap={6} mt={4}>
                {kinds.map((k) => (
                  <Radio key={k} value={k} label={t(`notifications.send.audienceKind.${k}`)} />
                ))}
              </Stack>
            </RadioField>
            {kind === 'companies' && (
              <Controller
                control={control}
                name="companies"
                render={({ field }) => (
                  <CompanyField value={field.value} onChange={field.onChange} error={companiesError} />
                )}
              />
            )}
            {kind === 'sites' && (
              <SitePickerField
                form={form}
                name="sites"
                instantMessage
                label={t('notifications.send.sites')}
                multiple
                required
              />
            )}
            {kind === 'features' && (
              <MultiSelectField
                form={form}
                name="features"
                instantMessage
                label={t('notifications.send.features')}
                required
                searchable
                data={allFeatureNames}
              />
            )}
            <RadioField form={form} name="schedule" instantMessage label={t('notifications.send.schedule')}>
              <Group mt={4}>
                <Radio value="now" label={t('notifications.send.now')} />
                <Radio value="later" label={t('notifications.send.later')} />
              </Group>
            </RadioField>
            {schedule === 'later' && (
              <TextField
                form={form}
                name="startsAt"
                instantMessage
                type="datetime-local"
                label={t('notifications.send.startsAt')}
                required
              />
            )}
            <TextField
              form={form}
              name="expiresAt"
              instantMessage
              type="datetime-local"
              label={t('notifications.send.expiresAt')}
            />
            <CheckboxField form={form} name="email" label={t('notifications.send.email')} />
            <Button type="submit" loading={feedback.isSubmitting} style={{ alignSelf: 'flex-start' }}>
              {schedule === 'later' ? t('notifications.send.scheduleSubmit') : t('notifications.send.submit')}
            </Button>
          </Stack>
        </fieldset>
      </form>
    </Stack>
  );
}
