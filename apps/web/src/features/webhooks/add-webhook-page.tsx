import {
  type CreatedWebhook,
  firstIssuePerField,
  ruleCheck,
  WEBHOOK_URL_MAX,
  type WebhookEventType,
  webhookEventTypes,
  webhookInputSchema,
} from '@client-portal/contract';
import { Checkbox, Loader, SimpleGrid } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFocusStepHeading } from '../../components/focus';
import { CheckboxesField, ruleCheckSchema, TextField, useContractForm } from '../../components/form';
import { CompanyAdminForm, SiteCheckboxes } from '../../components/form/company-admin-form';
import { useErrorSummary, useFormFeedback } from '../../components/form-feedback';
import { ruleMessage } from '../../i18n/rule-message';
import { usePageTitle } from '../../lib/use-page-title';
import { useUserInfo } from '../../lib/user-info';
import { useAddWebhook } from './api/webhooks-api';
import { webhooksRoutes } from './routes';
import { SecretShownOnce } from './secret-shown-once';

const LIST = webhooksRoutes.path;

interface WebhookFormValues {
  url: string;
  events: string[];
  sites: string[];
}

/** The form checks the contract's own rules, each said from the webhooks.rules table by its top field. */
function webhookFormSchema(t: TFunction) {
  const labels: Record<string, string> = {
    url: t('webhooks.url'),
    events: t('webhooks.events'),
    sites: t('webhooks.sites'),
  };
  return ruleCheckSchema<WebhookFormValues>((values) => {
    const issues = ruleCheck(webhookInputSchema, values).map((issue) => ({
      ...issue,
      field: issue.field.split('.')[0]!,
    }));
    return Object.fromEntries(
      firstIssuePerField(issues).map((issue) => [
        issue.field,
        ruleMessage(t, 'webhooks.rules', issue, labels[issue.field] ?? issue.field),
      ]),
    );
  });
}

/**
 * /admin/webhooks/add: a client manager's new webhook to a URL, for some events, at some of their
 * sites (none chosen: all of theirs); its secret is shown once, with a copy button, and never again.
 */
export function AddWebhookPage() {
  const { t } = useTranslation();
  usePageTitle(t('webhooks.addTitle'));
  const navigate = useNavigate();
  const userInfo = useUserInfo().data;
  const add = useAddWebhook();
  const summary = useErrorSummary();
  const feedback = useFormFeedback();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  // Showing the secret is a new step of the page: focus moves to its heading.
  const step = useFocusStepHeading(created !== null);
  const schema = useMemo(() => webhookFormSchema(t), [t]);
  const form = useContractForm<WebhookFormValues>(schema, { url: '', events: [], sites: [] });

  if (!userInfo) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (created) {
    return (
      <div ref={step}>
        <SecretShownOnce created={created} onDone={() => navigate(LIST)} />
      </div>
    );
  }

  const submit = async (values: WebhookFormValues) => {
    const result = await feedback.submit(() =>
      add.mutateAsync({
        ...values,
        url: values.url.trim(),
        events: values.events as WebhookEventType[],
      }),
    );
    if (result.ok) setCreated(result.data);
  };

  return (
    <CompanyAdminForm
      title={t('webhooks.addTitle')}
      operatorNotice={userInfo.accessAllSites ? t('webhooks.operatorCannotAdd') : null}
      summary={summary}
      feedback={feedback}
      failedMessage={t('webhooks.addFailed')}
      onSubmit={form.handleSubmit(summary.valid(submit), summary.onInvalid)}
      onCancel={() => navigate(LIST)}
      cancelLabel={t('webhooks.cancel')}
      submitLabel={t('webhooks.submitAdd')}
      stepRef={step}
    >
      <TextField
        form={form}
        name="url"
        type="url"
        label={t('webhooks.url')}
        description={t('webhooks.urlHint')}
        required
        maxLength={WEBHOOK_URL_MAX}
      />
      <CheckboxesField
        form={form}
        name="events"
        label={t('webhooks.events')}
        description={t('webhooks.eventsHint')}
        required
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
          {webhookEventTypes.map((type) => (
            <Checkbox key={type} value={type} label={t(`webhooks.eventNames.${type}`)} />
          ))}
        </SimpleGrid>
      </CheckboxesField>
      <CheckboxesField
        form={form}
        name="sites"
        label={t('webhooks.sites')}
        description={t('webhooks.sitesHint')}
      >
        <SiteCheckboxes sites={userInfo.sites} />
      </CheckboxesField>
    </CompanyAdminForm>
  );
}
