import {
  type NotificationCategory,
  notificationCategories,
  notificationCategoryLabels,
  notificationPreferencesInputSchema,
} from '@client-portal/contract';
import { Alert, Button, Checkbox, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '../../../components/choice-group';
import { FormFeedback, useFormFeedback } from '../../../components/form-feedback';
import { usePageTitle } from '../../../lib/use-page-title';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/preferences';

/**
 * /account/notifications: per category, whether notifications are also e-mailed (they always show in
 * the centre). Every change is audited by the server.
 */
export function NotificationPreferencesPage() {
  const { t } = useTranslation();
  usePageTitle(t('notifications.preferences.title'));
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const feedback = useFormFeedback();
  const [chosen, setChosen] = useState<NotificationCategory[] | undefined>();
  const stored = preferences.data;

  useEffect(() => {
    if (stored && chosen === undefined) setChosen(notificationCategories.filter((c) => stored.email[c]));
  }, [stored, chosen]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const input = notificationPreferencesInputSchema.parse({
      email: Object.fromEntries(notificationCategories.map((c) => [c, chosen.includes(c)])),
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
      {chosen && (
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <fieldset disabled={feedback.isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack>
              <CheckboxGroupField
                field="email"
                label={t('notifications.preferences.legend')}
                value={chosen}
                onChange={(values) => {
                  setChosen(values as NotificationCategory[]);
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
              </CheckboxGroupField>
              <Button type="submit" loading={feedback.isSubmitting} style={{ alignSelf: 'flex-start' }}>
                {t('notifications.preferences.save')}
              </Button>
            </Stack>
          </fieldset>
        </form>
      )}
    </Stack>
  );
}
