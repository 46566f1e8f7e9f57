import {
  type NotificationCategory,
  notificationCategories,
  notificationCategoryLabels,
  notificationPreferencesInputSchema,
} from '@client-portal/contract';
import { Alert, Button, Checkbox, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CheckboxesField, useContractForm } from '../../../components/form';
import {
  FormFeedback,
  type FormFeedbackController,
  useFormFeedback,
} from '../../../components/form-feedback';
import { usePageTitle } from '../../../lib/use-page-title';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/preferences';

/**
 * /account/notifications: per category, whether notifications are also emailed (they always show in
 * the centre). Every change is audited by the server.
 */
export function NotificationPreferencesPage() {
  const { t } = useTranslation();
  usePageTitle(t('notifications.preferences.title'));
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const feedback = useFormFeedback();
  const stored = preferences.data;

  const onSubmit = async ({ email }: PreferenceValues) => {
    const input = notificationPreferencesInputSchema.parse({
      email: Object.fromEntries(notificationCategories.map((c) => [c, email.includes(c)])),
    });
    await feedback.submit(() => save.mutateAsync(input));
  };

  return (
    <Stack maw={560}>
      <Title order={1} size="h2">
        {t('notifications.preferences.title')}
      </Title>
      <Text>{t('notifications.preferences.intro')}</Text>
      {preferences.isError && <Alert color="red">{t('notifications.preferences.loadFailed')}</Alert>}
      <FormFeedback
        feedback={feedback}
        failedMessage={t('notifications.preferences.failed')}
        successMessage={t('notifications.preferences.saved')}
      />
      {stored && (
        <PreferencesForm
          initial={notificationCategories.filter((c) => stored.email[c])}
          feedback={feedback}
          onSubmit={onSubmit}
        />
      )}
    </Stack>
  );
}

/** The emailed categories, as the contract's preferences name them. */
const preferencesSchema = z.object({ email: z.array(z.enum(notificationCategories)) });
type PreferenceValues = z.output<typeof preferencesSchema>;

/** The choices, from the stored preferences once they have loaded. */
function PreferencesForm({
  initial,
  feedback,
  onSubmit,
}: {
  initial: NotificationCategory[];
  feedback: FormFeedbackController;
  onSubmit(values: PreferenceValues): Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useContractForm<PreferenceValues>(preferencesSchema, { email: initial });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <fieldset disabled={feedback.isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <CheckboxesField
            form={form}
            name="email"
            label={t('notifications.preferences.legend')}
            onChange={() => {
              if (feedback.state === 'success') feedback.setState('idle');
            }}
          >
            <Stack gap="sm" mt="xs">
              {notificationCategories.map((c) => (
                <Checkbox
                  key={c}
                  value={c}
                  label={notificationCategoryLabels[c].name}
                  description={notificationCategoryLabels[c].description}
                />
              ))}
            </Stack>
          </CheckboxesField>
          <Button type="submit" loading={feedback.isSubmitting} style={{ alignSelf: 'flex-start' }}>
            {t('notifications.preferences.save')}
          </Button>
        </Stack>
      </fieldset>
    </form>
  );
}
