import {
  allFeatureNames,
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_TITLE_MAX,
  notificationSeverities,
  renderNotificationMarkdown,
} from '@client-portal/contract';
import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioGroupField } from '../../../components/choice-group';
import { ruleCheckSchema, useContractForm } from '../../../components/form';
import {
  ErrorSummary,
  FormFeedback,
  useErrorSummary,
  useFormFeedback,
} from '../../../components/form-feedback';
import { SanitisedHtml } from '../../../components/sanitised-html';
import { SitePicker } from '../../../components/site-picker';
import { useCompanySearch, useSendNotification } from '../api/sent-notifications';
import {
  type AudienceKind,
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
          <SanitisedHtml html={renderNotificationMarkdown(shown)} />
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
  const {
    register,
    control,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useContractForm<ComposeValues>(schema, initial);
  const kind = watch('audienceKind');
  const schedule = watch('schedule');
  const kinds = audienceKinds.filter((k) => allSites || k !== 'everyone');

  const onSubmit = async (values: ComposeValues) => {
    const result = await feedback.submit(() => send.mutateAsync(toNotificationInput(values)));
    if (!result.ok) {
      setFailure(result.problem?.detail);
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
            <TextInput
              label={t('notifications.send.titleLabel')}
              required
              maxLength={NOTIFICATION_TITLE_MAX}
              error={errors.title?.message}
              {...register('title')}
            />
            <Textarea
              label={t('notifications.send.bodyLabel')}
              description={t('notifications.send.bodyHint')}
              required
              rows={5}
              maxLength={NOTIFICATION_BODY_MAX}
              error={errors.body?.message}
              {...register('body')}
            />
            <BodyPreview body={watch('body')} />
            <Controller
              control={control}
              name="severity"
              render={({ field }) => (
                <RadioGroupField
                  field="severity"
                  label={t('notifications.send.severity')}
                  required
                  value={field.value}
                  onChange={(v) => field.onChange(v as ComposeValues['severity'])}
                >
                  <Group mt={4}>
                    {notificationSeverities.map((s) => (
                      <Radio key={s} value={s} label={t(`notifications.severity.${s}`)} />
                    ))}
                  </Group>
                </RadioGroupField>
              )}
            />
            <Controller
              control={control}
              name="audienceKind"
              render={({ field }) => (
                <RadioGroupField
                  field="audienceKind"
                  label={t('notifications.send.audience')}
                  required
                  error={errors.audienceKind?.message}
                  value={field.value}
                  onChange={(v) => field.onChange(v as AudienceKind)}
                >
                  <Stack gap={6} mt={4}>
                    {kinds.map((k) => (
                      <Radio key={k} value={k} label={t(`notifications.send.audienceKind.${k}`)} />
                    ))}
                  </Stack>
                </RadioGroupField>
              )}
            />
            {kind === 'companies' && (
              <Controller
                control={control}
                name="companies"
                render={({ field }) => (
                  <CompanyField
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.companies?.message}
                  />
                )}
              />
            )}
            {kind === 'sites' && (
              <Controller
                control={control}
                name="sites"
                render={({ field }) => (
                  <SitePicker
                    name="sites"
                    label={t('notifications.send.sites')}
                    multiple
                    required
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.sites?.message}
                  />
                )}
              />
            )}
            {kind === 'features' && (
              <Controller
                control={control}
                name="features"
                render={({ field }) => (
                  <MultiSelect
                    name="features"
                    label={t('notifications.send.features')}
                    required
                    searchable
                    data={allFeatureNames}
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.features?.message}
                  />
                )}
              />
            )}
            <Controller
              control={control}
              name="schedule"
              render={({ field }) => (
                <RadioGroupField
                  field="schedule"
                  label={t('notifications.send.schedule')}
                  value={field.value}
                  onChange={(v) => field.onChange(v as ComposeValues['schedule'])}
                >
                  <Group mt={4}>
                    <Radio value="now" label={t('notifications.send.now')} />
                    <Radio value="later" label={t('notifications.send.later')} />
                  </Group>
                </RadioGroupField>
              )}
            />
            {schedule === 'later' && (
              <TextInput
                type="datetime-local"
                label={t('notifications.send.startsAt')}
                required
                error={errors.startsAt?.message}
                {...register('startsAt')}
              />
            )}
            <TextInput
              type="datetime-local"
              label={t('notifications.send.expiresAt')}
              error={errors.expiresAt?.message}
              {...register('expiresAt')}
            />
            <Checkbox label={t('notifications.send.email')} {...register('email')} />
            <Button type="submit" loading={feedback.isSubmitting} style={{ alignSelf: 'flex-start' }}>
              {schedule === 'later' ? t('notifications.send.scheduleSubmit') : t('notifications.send.submit')}
            </Button>
          </Stack>
        </fieldset>
      </form>
    </Stack>
  );
}
