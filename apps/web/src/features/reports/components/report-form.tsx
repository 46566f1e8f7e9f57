import type { ReportDefinition, ReportFormat } from '@client-portal/contract';
import { Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RadioField,
  ruleCheckSchema,
  SelectField,
  TextField,
  useContractForm,
} from '../../../components/form';
import { ErrorSummary, useErrorSummary } from '../../../components/form-feedback';
import { periodMessages } from '../../../i18n/period-messages';
import { useApiClient } from '../../../lib/api-context';
import { saveFile } from '../../../lib/save-file';
import { useReportSites } from '../api/report-definitions';
import { fetchReportFile } from '../api/report-file';
import type { ReportChoice } from '../report-choice';

interface Props {
  definitions: ReportDefinition[];
  choice: ReportChoice;
  definition: ReportDefinition;
  onChange(choice: ReportChoice): void;
}

/** The form's fields: the report's key, the site or group ('' for all) and the days. */
interface ReportValues {
  report: string;
  site: string;
  from: string;
  to: string;
}

/**
 * Which report, for which sites and days; downloads it as CSV or an Excel workbook. The fields follow
 * the page's choice (the query string, so a subscription's mail can link to it) and every change goes
 * back to it.
 */
export function ReportForm({ definitions, choice, definition, onChange }: Props) {
  const { t } = useTranslation();
  const api = useApiClient();
  const sites = useReportSites();
  const summary = useErrorSummary();
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState<ReportFormat | undefined>();
  // The contract's period rule (the server's own) for a periodic report's days.
  const schema = useMemo(
    () =>
      ruleCheckSchema<ReportValues>(({ report, from, to }) =>
        definitions.find((d) => d.key === report)?.period ? periodMessages(from, to, t) : {},
      ),
    [definitions, t],
  );
  const values: ReportValues = {
    report: definition.key,
    site: choice.site ?? '',
    from: choice.from,
    to: choice.to,
  };
  const form = useContractForm<ReportValues>(schema, values, {
    values,
    resetOptions: { keepErrors: true, keepIsSubmitted: true },
  });
  const submitted = form.formState.isSubmitted;
  const { trigger } = form;
  // Once asked, the messages follow the choice (a day left empty falls back to the page's default).
  useEffect(() => {
    if (submitted) void trigger();
  }, [submitted, trigger, choice.from, choice.to]);
  const siteOptions = [
    { value: '', label: t('reports.choose.allSites') },
    ...(sites.data ?? []).map((s) => ({ value: s.siteNumber, label: `${s.siteNumber} ${s.name}` })),
  ];

  useEffect(() => {
    const subscription = form.watch((changed, { name }) => {
      if (!name) return;
      onChange({
        ...choice,
        report: changed.report,
        site: changed.site || undefined,
        from: changed.from ?? '',
        to: changed.to ?? '',
      });
    });
    return () => subscription.unsubscribe();
  }, [form, choice, onChange]);

  const download = async (chosen: ReportValues, format: ReportFormat) => {
    setBusy(format);
    setStatus(t('reports.choose.downloading'));
    const result = await fetchReportFile(api, {
      key: definition.key,
      site: chosen.site || undefined,
      from: definition.period ? chosen.from : undefined,
      to: definition.period ? chosen.to : undefined,
      format,
    });
    setBusy(undefined);
    if (result.ok) {
      saveFile(result.data.fileName, result.data.blob);
      setStatus(t('reports.choose.downloaded', { fileName: result.data.fileName }));
      return;
    }
    setStatus('');
    const fieldErrors = Object.entries(result.problem?.errors ?? {}).flatMap(([name, messages]) =>
      messages.map((message) => ({ name, message })),
    );
    summary.report(
      fieldErrors.length > 0
        ? fieldErrors
        : [
            {
              name: 'site',
              message: t(result.status === 404 ? 'common.siteNotInReach' : 'reports.choose.downloadFailed'),
            },
          ],
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const format = submitter?.value === 'xlsx' ? 'xlsx' : 'csv';
    void form.handleSubmit(
      summary.valid((chosen) => download(chosen, format)),
      summary.onInvalid,
    )(event);
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="report-form-heading">
      <form ref={summary.formRef} onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} id="report-form-heading">
            {t('reports.choose.heading')}
          </Title>
          <ErrorSummary summary={summary} />
          <RadioField
            form={form}
            name="report"
            label={t('reports.choose.report')}
            onChange={() => {
              // Another report starts afresh: no messages until it is asked for.
              summary.clear();
              form.reset(form.getValues());
            }}
          >
            <Stack gap="xs" mt="xs">
              {definitions.map((d) => (
                <Radio key={d.key} value={d.key} label={d.name} description={d.description} />
              ))}
            </Stack>
          </RadioField>
          <SelectField
            form={form}
            name="site"
            label={t('reports.choose.site')}
            data={siteOptions}
            searchable
            allowDeselect={false}
            maw={360}
          />
          {definition.period ? (
            <>
              <Group align="flex-start">
                <TextField
                  form={form}
                  name="from"
                  instantMessage
                  rules={{ deps: ['to'] }}
                  type="date"
                  label={t('reports.choose.from')}
                  required
                />
                <TextField
                  form={form}
                  name="to"
                  instantMessage
                  rules={{ deps: ['from'] }}
                  type="date"
                  label={t('reports.choose.to')}
                  required
                />
              </Group>
              <Text size="sm">{t('reports.choose.periodHint')}</Text>
            </>
          ) : (
            <Text size="sm">{t('reports.choose.asOfToday')}</Text>
          )}
          <Group>
            <Button type="submit" value="csv" loading={busy === 'csv'} disabled={busy !== undefined}>
              {t('reports.choose.csv')}
            </Button>
            <Button
              type="submit"
              value="xlsx"
              variant="default"
              loading={busy === 'xlsx'}
              disabled={busy !== undefined}
            >
              {t('reports.choose.xlsx')}
            </Button>
          </Group>
          <div role="status">{status && <Text size="sm">{status}</Text>}</div>
        </Stack>
      </form>
    </Paper>
  );
}
