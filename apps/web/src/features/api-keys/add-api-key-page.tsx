import {
  API_KEY_NAME_MAX,
  addIsoDays,
  apiKeyInputSchema,
  apiKeyLastDay,
  type CreatedApiKey,
  featureCatalogue,
  firstIssuePerField,
  isApiKeyFeature,
  ruleCheck,
  SCIM_FEATURE,
  ukToday,
} from '@client-portal/contract';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFocusStepHeading } from '../../components/focus';
import {
  CheckboxesField,
  ruleCheckSchema,
  SelectField,
  TextField,
  useContractForm,
} from '../../components/form';
import { CompanyAdminForm, SiteCheckboxes } from '../../components/form/company-admin-form';
import { useErrorSummary, useFormFeedback } from '../../components/form-feedback';
import { ruleMessage } from '../../i18n/rule-message';
import { useRoles } from '../../lib/roles';
import { usePageTitle } from '../../lib/use-page-title';
import { useUserInfo } from '../../lib/user-info';
import { useAddApiKey } from './api/add-api-key';
import { apiKeysRoutes } from './routes';

const LIST = apiKeysRoutes.path;

interface ApiKeyFormValues {
  name: string;
  expiresOn: string;
  features: string[];
  access: string[];
  /** SCIM (decision 46), with Users.Add: the role (its id, or null) and sites of provisioned accounts. */
  scimRoleId: string | null;
  scimAccess: string[];
}

/** The form's values as the contract's key input: the SCIM mapping only with Users.Add. */
function toApiKeyInput(values: ApiKeyFormValues) {
  const { scimRoleId, scimAccess, ...rest } = values;
  if (!values.features.includes(SCIM_FEATURE)) return rest;
  return { ...rest, scimRoleId: scimRoleId ? Number(scimRoleId) : null, scimAccess };
}

/** The form checks the contract's own rules, each said from the apiKeys.rules table by its top field. */
function apiKeyFormSchema(t: TFunction) {
  const labels: Record<string, string> = {
    name: t('apiKeys.name'),
    expiresOn: t('apiKeys.expiresOn'),
    features: t('apiKeys.features'),
    access: t('apiKeys.access'),
    scimRoleId: t('apiKeys.scimRole'),
    scimAccess: t('apiKeys.scimAccess'),
  };
  return ruleCheckSchema<ApiKeyFormValues>((values) => {
    const issues = ruleCheck(apiKeyInputSchema, toApiKeyInput(values)).map((issue) => ({
      ...issue,
      field: issue.field.split('.')[0]!,
    }));
    return Object.fromEntries(
      firstIssuePerField(issues).map((issue) => [
        issue.field,
        ruleMessage(t, 'apiKeys.rules', issue, labels[issue.field] ?? issue.field),
      ]),
    );
  });
}

/**
 * /admin/api-keys/add: a client manager's new key with some of their own features (those a key may
 * hold) and sites; the key is shown once, with a copy button, and never again.
 */
export function AddApiKeyPage() {
  const { t } = useTranslation();
  usePageTitle(t('apiKeys.addTitle'));
  const navigate = useNavigate();
  const userInfo = useUserInfo().data;
  const addKey = useAddApiKey();
  const summary = useErrorSummary();
  const feedback = useFormFeedback();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  // Showing the new key is a new step of the page: focus moves to its heading.
  const step = useFocusStepHeading(created !== null);
  const schema = useMemo(() => apiKeyFormSchema(t), [t]);
  const today = ukToday();
  const form = useContractForm<ApiKeyFormValues>(schema, {
    name: '',
    expiresOn: addIsoDays(today, 90),
    features: [],
    access: [],
    scimRoleId: null,
    scimAccess: [],
  });
  const roles = useRoles();
  const chosenFeatures = form.watch('features');
  const chosenAccess = form.watch('access');

  if (!userInfo) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (created) {
    return (
      <div ref={step}>
        <CreatedKey created={created} onDone={() => navigate(LIST)} />
      </div>
    );
  }
  const features = featureCatalogue.filter(
    (f) => isApiKeyFeature(f.normalizedName) && userInfo.featureNames.includes(f.normalizedName),
  );

  const submit = async (values: ApiKeyFormValues) => {
    const result = await feedback.submit(() =>
      addKey.mutateAsync({ ...toApiKeyInput(values), name: values.name.trim() }),
    );
    if (result.ok) setCreated(result.data);
  };

  return (
    <CompanyAdminForm
      title={t('apiKeys.addTitle')}
      operatorNotice={userInfo.accessAllSites ? t('apiKeys.operatorCannotAdd') : null}
      summary={summary}
      feedback={feedback}
      failedMessage={t('apiKeys.addFailed')}
      onSubmit={form.handleSubmit(summary.valid(submit), summary.onInvalid)}
      onCancel={() => navigate(LIST)}
      cancelLabel={t('apiKeys.cancel')}
      submitLabel={t('apiKeys.submitAdd')}
      stepRef={step}
    >
      <TextField
        form={form}
        name="name"
        label={t('apiKeys.name')}
        description={t('apiKeys.nameHint')}
        required
        maxLength={API_KEY_NAME_MAX}
      />
      <TextField
        form={form}
        name="expiresOn"
        type="date"
        label={t('apiKeys.expiresOn')}
        description={t('apiKeys.expiresOnHint')}
        required
        min={addIsoDays(today, 1)}
        max={apiKeyLastDay(today)}
      />
      <CheckboxesField
        form={form}
        name="features"
        label={t('apiKeys.features')}
        description={t('apiKeys.featuresHint')}
        required
      >
        {features.length === 0 ? (
          <Text size="sm">{t('apiKeys.noFeatures')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            {features.map((f) => (
              <Checkbox key={f.normalizedName} value={f.normalizedName} label={f.description} />
            ))}
          </SimpleGrid>
        )}
      </CheckboxesField>
      <CheckboxesField
        form={form}
        name="access"
        label={t('apiKeys.access')}
        description={t('apiKeys.accessHint')}
        required
      >
        <SiteCheckboxes sites={userInfo.sites} />
      </CheckboxesField>
      {chosenFeatures.includes(SCIM_FEATURE) && (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={2} size="h3" component="legend" mb="sm">
            {t('apiKeys.scimLegend')}
          </Title>
          <Stack gap="sm">
            <Text size="sm">{t('apiKeys.scimIntro')}</Text>
            <SelectField
              form={form}
              name="scimRoleId"
              label={t('apiKeys.scimRole')}
              placeholder={t('apiKeys.scimRolePlaceholder')}
              required
              allowDeselect={false}
              data={(roles.data ?? []).map((role) => ({
                value: String(role.applicationRoleId),
                label: role.name,
              }))}
            />
            <CheckboxesField
              form={form}
              name="scimAccess"
              label={t('apiKeys.scimAccess')}
              description={t('apiKeys.scimAccessHint')}
              required
            >
              {chosenAccess.length === 0 ? (
                <Text size="sm">{t('apiKeys.scimChooseAccessFirst')}</Text>
              ) : (
                <SiteCheckboxes
                  sites={userInfo.sites.filter((site) => chosenAccess.includes(site.siteNumber))}
                />
              )}
            </CheckboxesField>
          </Stack>
        </fieldset>
      )}
    </CompanyAdminForm>
  );
}

/** The new key, this once: copied by a button, never shown again after leaving. */
function CreatedKey({ created, onDone }: { created: CreatedApiKey; onDone(): void }) {
  const { t } = useTranslation();
  return (
    <Stack maw={720}>
      <Title order={1}>{t('apiKeys.createdTitle')}</Title>
      <Alert color="yellow" role="alert">
        {t('apiKeys.createdWarning')}
      </Alert>
      <Text fw={500}>{t('apiKeys.keyLabel', { name: created.name })}</Text>
      <Code block data-testid="created-api-key" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {created.key}
      </Code>
      <Group>
        <CopyButton value={created.key}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t('apiKeys.done')}</Button>
      </Group>
    </Stack>
  );
}
