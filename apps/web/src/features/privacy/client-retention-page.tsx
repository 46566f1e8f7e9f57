import {
  type ClientRetention,
  type ClientRetentionField,
  type ClientRetentionInput,
  clientRetentionFields,
  clientRetentionInputSchema,
  firstIssuePerField,
  type RetentionPolicy,
  ruleCheck,
} from '@client-portal/contract';
import { Alert, Button, Card, Loader, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ruleCheckSchema, useContractForm } from '../../components/form';
import { FormFeedback, useFormFeedback } from '../../components/form-feedback';
import { ruleMessage } from '../../i18n/rule-message';
import { usePageTitle } from '../../lib/use-page-title';
import { useClientRetention, useSetClientRetention } from './api/client-retention';

type Values = Record<ClientRetentionField, number | string>;

/** An empty field is the operator's period (null); a number is the company's own. */
const toPeriods = (values: Values): ClientRetentionInput =>
  Object.fromEntries(
    clientRetentionFields.map((field) => [field, values[field] === '' ? null : Number(values[field])]),
  ) as ClientRetentionInput;

const unitOf = (field: ClientRetentionField) => (field === 'cameraReadDays' ? 'days' : 'months');

/**
 * /admin/retention (issue 28, decision 52): a client company's shorter retention periods, set by its
 * administrators (Users.Add) or the operator's (Application.SysAdmin, any company by name). The
 * contract's one schema refuses a period longer than the operator's, here and on the server.
 */
export function ClientRetentionPage() {
  const { t } = useTranslation();
  usePageTitle(t('privacy.clientRetention.title'));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const retention = useClientRetention(debounced);

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{t('privacy.clientRetention.title')}</Title>
      <Text>{t('privacy.clientRetention.intro')}</Text>
      <TextInput
        label={t('privacy.clientRetention.search')}
        description={t('privacy.clientRetention.searchHint')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {retention.isError ? (
        <Alert color="red" role="alert">
          {t('privacy.clientRetention.loadFailed')}
        </Alert>
      ) : !retention.data ? (
        <Loader aria-label={t('privacy.clientRetention.loading')} />
      ) : retention.data.companies.length === 0 ? (
        <Text role="status">{t('privacy.clientRetention.none')}</Text>
      ) : (
        retention.data.companies.map((company) => (
          <CompanyRetentionForm
            key={company.companyId}
            company={company}
            operator={retention.data.operator}
          />
        ))
      )}
    </Stack>
  );
}

function CompanyRetentionForm({
  company,
  operator,
}: {
  company: ClientRetention;
  operator: RetentionPolicy;
}) {
  const { t } = useTranslation();
  const save = useSetClientRetention();
  const feedback = useFormFeedback();
  const headingId = `retention-company-${company.companyId}`;
  // The contract's rule for this operator's periods, said in the page's words.
  const schema = useMemo(() => {
    const rule = clientRetentionInputSchema(operator);
    return ruleCheckSchema<Values>((values) => {
      const periods = toPeriods(values);
      const issues = firstIssuePerField(ruleCheck(rule, periods));
      return Object.fromEntries(
        issues.map((issue) => [
          issue.field,
          ruleMessage(
            t,
            'privacy.clientRetention.rules',
            issue,
            t(`privacy.clientRetention.fields.${issue.field as ClientRetentionField}`),
          ),
        ]),
      );
    });
  }, [operator, t]);
  const form = useContractForm<Values>(
    schema,
    Object.fromEntries(clientRetentionFields.map((field) => [field, company[field] ?? ''])) as Values,
    { reValidateMode: 'onSubmit' },
  );

  const submit = async (values: Values) => {
    feedback.setState('submitting');
    const result = await save.mutateAsync({ companyId: company.companyId, periods: toPeriods(values) });
    feedback.setState(result.ok ? 'success' : 'error');
  };

  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <form onSubmit={form.handleSubmit(submit)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id={headingId}>
            {company.companyName}
          </Title>
          <FormFeedback
            feedback={feedback}
            failedMessage={t('privacy.clientRetention.failed')}
            successMessage={t('privacy.clientRetention.saved', { company: company.companyName })}
          />
          {clientRetentionFields.map((field) => (
            <Controller
              key={field}
              control={form.control}
              name={field}
              render={({ field: value, fieldState }) => (
                <NumberInput
                  label={t(`privacy.clientRetention.fields.${field}`)}
                  description={t(`privacy.clientRetention.operator.${unitOf(field)}`, {
                    count: operator[field],
                  })}
                  placeholder={t('privacy.clientRetention.operatorPlaceholder')}
                  name={value.name}
                  ref={value.ref}
                  value={value.value ?? ''}
                  onChange={(changed) => {
                    value.onChange(changed);
                    form.clearErrors(field);
                    if (feedback.state === 'success' || feedback.state === 'error') feedback.setState('idle');
                  }}
                  onBlur={value.onBlur}
                  min={1}
                  max={operator[field]}
                  clampBehavior="none"
                  step={1}
                  allowDecimal={false}
                  error={fieldState.error?.message}
                  disabled={feedback.isSubmitting}
                  maw={320}
                />
              )}
            />
          ))}
          <Button type="submit" loading={feedback.isSubmitting} w="fit-content">
            {t('privacy.clientRetention.save', { company: company.companyName })}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
