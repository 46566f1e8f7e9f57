import {
  firstIssuePerField,
  ruleCheck,
  VISITOR_LINK_NAME_MAX,
  type VisitorLink,
  type VisitorLinkInput,
  visitorLinkInputSchema,
} from '@client-portal/contract';
import { Button, Group, Loader, Radio, Stack, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  CheckboxField,
  RadioField,
  ruleCheckSchema,
  SelectField,
  TextField,
  useContractForm,
} from '../../components/form';
import { ErrorSummary, FormFeedback, useErrorSummary, useFormFeedback } from '../../components/form-feedback';
import { ruleMessage } from '../../i18n/rule-message';
import { usePageTitle } from '../../lib/use-page-title';
import { useUserInfo } from '../../lib/user-info';
import { useSaveVisitorLink, useVisitorLink } from './api/visitor-links';
import { visitorLinksRoutes } from './routes';

interface LinkFormValues {
  site: string | null;
  name: string;
  enabled: boolean;
  expiresOn: string;
  durationKind: string;
  durationAmount: string;
  dailyCap: string;
  hostApproval: boolean;
}

/** The form's text as the contract's body: numbers as numbers, an empty day as none. */
function bodyOf(values: LinkFormValues): VisitorLinkInput {
  const amount = values.durationAmount.trim();
  return {
    site: values.site ?? '',
    name: values.name.trim(),
    enabled: values.enabled,
    expiresOn: values.expiresOn || null,
    durationKind: values.durationKind as VisitorLinkInput['durationKind'],
    durationAmount: values.durationKind === 'endOfDay' || amount === '' ? null : Number(amount),
    dailyCap: values.dailyCap.trim() === '' ? (undefined as never) : Number(values.dailyCap),
    hostApproval: values.hostApproval,
  };
}

function linkFormSchema(t: TFunction) {
  return ruleCheckSchema<LinkFormValues>((values) => {
    const issues = ruleCheck(visitorLinkInputSchema, bodyOf(values));
    return Object.fromEntries(
      firstIssuePerField(issues).map((issue) => [
        issue.field,
        ruleMessage(t, 'visitors.rules', issue, t(`visitors.fields.${issue.field}` as never)),
      ]),
    );
  });
}

const valuesOf = (link: VisitorLink | undefined, site: string | null): LinkFormValues => ({
  site: link?.site ?? site,
  name: link?.name ?? '',
  enabled: link?.enabled ?? true,
  expiresOn: link?.expiresOn ?? '',
  durationKind: link?.durationKind ?? 'endOfDay',
  durationAmount: link?.durationAmount ? String(link.durationAmount) : '',
  dailyCap: String(link?.dailyCap ?? 50),
  hostApproval: link?.hostApproval ?? false,
});

/** /visitor-links/add and /visitor-links/{id}/edit: a link's settings. */
export function VisitorLinkFormPage() {
  const id = Number(useParams().id ?? 0);
  const link = useVisitorLink(id);
  if (id === 0) return <LinkForm />;
  if (!link.data) return <Loader size="sm" />;
  return <LinkForm link={link.data} />;
}

function LinkForm({ link }: { link?: VisitorLink }) {
  const { t } = useTranslation();
  const title = link ? t('visitors.editTitle') : t('visitors.addTitle');
  usePageTitle(title);
  const navigate = useNavigate();
  const userInfo = useUserInfo().data;
  const save = useSaveVisitorLink();
  const summary = useErrorSummary();
  const feedback = useFormFeedback();
  const schema = useMemo(() => linkFormSchema(t), [t]);
  const sites = (userInfo?.sites ?? []).filter((s) => /^\d+$/.test(s.siteNumber));
  const form = useContractForm<LinkFormValues>(
    schema,
    valuesOf(link, sites.length === 1 ? sites[0]!.siteNumber : null),
  );
  const kind = form.watch('durationKind');

  const submit = async (values: LinkFormValues) => {
    const { site, ...update } = bodyOf(values);
    const result = await feedback.submit(() =>
      save.mutateAsync(link ? { id: link.id, body: update } : { id: null, body: { site, ...update } }),
    );
    if (result.ok) navigate(visitorLinksRoutes.path);
  };

  return (
    <Stack maw={640}>
      <Title order={1}>{title}</Title>
      <form
        ref={summary.formRef}
        onSubmit={form.handleSubmit(summary.valid(submit), summary.onInvalid)}
        noValidate
      >
        <fieldset disabled={feedback.isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <ErrorSummary summary={summary} />
            <FormFeedback feedback={feedback} failedMessage={t('visitors.saveFailed')} />
            {!link && (
              <SelectField
                form={form}
                name="site"
                label={t('visitors.fields.site')}
                required
                searchable
                data={sites.map((s) => ({ value: s.siteNumber, label: `${s.siteNumber} ${s.name}` }))}
              />
            )}
            <TextField
              form={form}
              name="name"
              label={t('visitors.fields.name')}
              description={t('visitors.fields.nameHint')}
              required
              maxLength={VISITOR_LINK_NAME_MAX}
            />
            <CheckboxField form={form} name="enabled" label={t('visitors.fields.enabled')} />
            <TextField
              form={form}
              name="expiresOn"
              type="date"
              label={t('visitors.fields.expiresOn')}
              description={t('visitors.fields.expiresOnHint')}
            />
            <RadioField form={form} name="durationKind" label={t('visitors.fields.durationKind')} required>
              <Stack gap="xs" mt="xs">
                <Radio value="endOfDay" label={t('visitors.fields.endOfDay')} />
                <Radio value="hours" label={t('visitors.fields.hours')} />
                <Radio value="days" label={t('visitors.fields.days')} />
              </Stack>
            </RadioField>
            {kind !== 'endOfDay' && (
              <TextField
                form={form}
                name="durationAmount"
                type="number"
                inputMode="numeric"
                label={t('visitors.fields.durationAmount')}
                required
                min={1}
                max={kind === 'hours' ? 24 : 28}
              />
            )}
            <TextField
              form={form}
              name="dailyCap"
              type="number"
              inputMode="numeric"
              label={t('visitors.fields.dailyCap')}
              required
              min={1}
            />
            <CheckboxField form={form} name="hostApproval" label={t('visitors.fields.hostApproval')} />
            <Group>
              <Button variant="default" onClick={() => navigate(visitorLinksRoutes.path)}>
                {t('visitors.cancel')}
              </Button>
              <Button type="submit" loading={feedback.isSubmitting}>
                {t('visitors.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Stack>
  );
}
