import type { ReportDefinition, ReportFormat } from '@client-portal/contract';
import { Button, Group, Paper, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RadioGroupField } from '../../../components/choice-group';
import { ErrorSummary, useErrorSummary } from '../../../components/form-feedback';
import { useApiClient } from '../../../lib/api-context';
import { saveFile } from '../../../lib/save-file';
import { useReportSites } from '../api/report-definitions';
import { fetchReportFile } from '../api/report-file';
import { type ReportChoice, rangeMessages } from '../report-choice';

interface Props {
  definitions: ReportDefinition[];
  choice: ReportChoice;
  definition: ReportDefinition;
  onChange(choice: ReportChoice): void;
}

/** Which report, for which sites and days; downloads it as CSV or an Excel workbook. */
export function ReportForm({ definitions, choice, definition, onChange }: Props) {
  const { t } = useTranslation();
  const api = useApiClient();
  const sites = useReportSites();
  const summary = useErrorSummary();
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState<ReportFormat | undefined>();
  const errors = definition.period ? rangeMessages(choice.from, choice.to, t) : {};
  const siteOptions = [
    { value: '', label: t('reports.choose.allSites') },
    ...(sites.data ?? []).map((s) => ({ value: s.siteNumber, label: `${s.siteNumber} ${s.name}` })),
  ];

  const download = async (format: ReportFormat) => {
    setSubmitted(true);
    const invalid = Object.entries(errors).flatMap(([name, message]) => (message ? [{ name, message }] : []));
    summary.report(invalid);
    if (invalid.length > 0) return;
    setBusy(format);
    setStatus(t('reports.choose.downloading'));
    const result = await fetchReportFile(api, {
      key: definition.key,
      site: choice.site,
      from: definition.period ? choice.from : undefined,
      to: definition.period ? choice.to : undefined,
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
        : [{ name: 'site', message: result.problem?.detail ?? t('reports.choose.downloadFailed') }],
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    void download(submitter?.value === 'xlsx' ? 'xlsx' : 'csv');
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="report-form-heading">
      <form ref={summary.formRef} onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} id="report-form-heading">
            {t('reports.choose.heading')}
          </Title>
          <ErrorSummary summary={summary} />
          <RadioGroupField
            field="report"
            label={t('reports.choose.report')}
            value={definition.key}
            onChange={(report) => {
              summary.clear();
              setSubmitted(false);
              onChange({ ...choice, report });
            }}
          >
            <Stack gap="xs" mt="xs">
              {definitions.map((d) => (
                <Radio key={d.key} value={d.key} label={d.name} description={d.description} />
              ))}
            </Stack>
          </RadioGroupField>
          <Select
            name="site"
            label={t('reports.choose.site')}
            data={siteOptions}
            value={choice.site ?? ''}
            searchable
            allowDeselect={false}
            onChange={(value) => onChange({ ...choice, site: value || undefined })}
            maw={360}
          />
          {definition.period ? (
            <>
              <Group align="flex-start">
                <TextInput
                  type="date"
                  name="from"
                  label={t('reports.choose.from')}
                  required
                  value={choice.from}
                  onChange={(e) => onChange({ ...choice, from: e.currentTarget.value })}
                  error={submitted ? errors.from : undefined}
                />
                <TextInput
                  type="date"
                  name="to"
                  label={t('reports.choose.to')}
                  required
                  value={choice.to}
                  onChange={(e) => onChange({ ...choice, to: e.currentTarget.value })}
                  error={submitted ? errors.to : undefined}
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
