import {
  type ErasureResult,
  erasureInputSchema,
  type SubjectCounts,
  type SubjectQuery,
  subjectQuerySchema,
  subjectRecordKinds,
} from '@client-portal/contract';
import { Alert, Button, Group, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CheckboxField,
  RadioField,
  ruleCheckSchema,
  TextField,
  useContractForm,
} from '../../components/form';
import { ErrorSummary, useErrorSummary } from '../../components/form-feedback';
import { usePageTitle } from '../../lib/use-page-title';
import { useEraseSubject } from './api/erase-subject';
import { useSearchSubject } from './api/search-subject';
import { useDownloadSubjectZip } from './api/subject-zip';

type SearchBy = 'registration' | 'email';

/**
 * /admin/privacy (issue 28): search a person by registration or e-mail address, download their
 * records as one zip, and carry out an accepted erasure request. Every step is audited by the server.
 */
interface SearchValues {
  by: SearchBy;
  value: string;
}

export function SubjectAccessPage() {
  const { t } = useTranslation();
  usePageTitle(t('privacy.subjectAccess.title'));
  const [subject, setSubject] = useState<SubjectQuery | null>(null);
  const search = useSearchSubject();
  const download = useDownloadSubjectZip();
  const summary = useErrorSummary();
  // The contract's rule for who a request is about, said in the page's words.
  const schema = useMemo(
    () =>
      ruleCheckSchema<SearchValues>((values) => ({
        value:
          values.value.trim() === '' || !subjectQuerySchema.safeParse({ [values.by]: values.value }).success
            ? t(
                values.by === 'registration'
                  ? 'privacy.subjectAccess.registrationInvalid'
                  : 'privacy.subjectAccess.emailInvalid',
              )
            : undefined,
      })),
    [t],
  );
  const form = useContractForm<SearchValues>(schema, { by: 'registration', value: '' });
  const by = form.watch('by');

  const submit = (values: SearchValues) => {
    const query = subjectQuerySchema.parse({ [values.by]: values.value });
    setSubject(query);
    search.mutate(query);
  };

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{t('privacy.subjectAccess.title')}</Title>
      <Text>{t('privacy.subjectAccess.intro')}</Text>
      <form
        ref={summary.formRef}
        onSubmit={form.handleSubmit(summary.valid(submit), summary.onInvalid)}
        noValidate
        aria-labelledby="subject-search-heading"
      >
        <Stack gap="sm">
          <Title order={2} size="h3" id="subject-search-heading">
            {t('privacy.subjectAccess.searchHeading')}
          </Title>
          <ErrorSummary summary={summary} />
          <RadioField form={form} name="by" label={t('privacy.subjectAccess.searchBy')}>
            <Group mt="xs">
              <Radio value="registration" label={t('privacy.subjectAccess.byRegistration')} />
              <Radio value="email" label={t('privacy.subjectAccess.byEmail')} />
            </Group>
          </RadioField>
          <TextField
            form={form}
            name="value"
            label={t(
              by === 'registration' ? 'privacy.subjectAccess.registration' : 'privacy.subjectAccess.email',
            )}
            type={by === 'email' ? 'email' : 'text'}
            autoComplete="off"
            maw={360}
          />
          <Group>
            <Button type="submit" loading={search.isPending}>
              {t('privacy.subjectAccess.search')}
            </Button>
          </Group>
        </Stack>
      </form>
      {search.isError && (
        <Alert color="red" role="alert">
          {t('privacy.subjectAccess.failed')}
        </Alert>
      )}
      {search.data && subject && (
        <Found
          counts={search.data.counts}
          downloading={download.isPending}
          onDownload={() => download.mutate(subject)}
          downloadFailed={download.isError}
        />
      )}
      {search.data && subject && <Erasure key={JSON.stringify(subject)} subject={subject} />}
    </Stack>
  );
}

function Found(props: {
  counts: SubjectCounts;
  downloading: boolean;
  downloadFailed: boolean;
  onDownload: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('privacy.subjectAccess.foundHeading')}
      </Title>
      <Table withTableBorder maw={480} data-testid="subject-counts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('privacy.subjectAccess.kind')}</Table.Th>
            <Table.Th scope="col">{t('privacy.subjectAccess.records')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {subjectRecordKinds.map((kind) => (
            <Table.Tr key={kind}>
              <Table.Th scope="row" fw="normal">
                {t(`privacy.kinds.${kind}`)}
              </Table.Th>
              <Table.Td>{props.counts[kind]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button variant="light" onClick={props.onDownload} loading={props.downloading}>
          {t('privacy.subjectAccess.download')}
        </Button>
      </Group>
      {props.downloadFailed && (
        <Alert color="red" role="alert">
          {t('privacy.subjectAccess.downloadFailed')}
        </Alert>
      )}
    </Stack>
  );
}

interface ErasureValues {
  reference: string;
  accepted: boolean;
}

function Erasure({ subject }: { subject: SubjectQuery }) {
  const { t } = useTranslation();
  const erase = useEraseSubject();
  const [result, setResult] = useState<ErasureResult | null>(null);
  const summary = useErrorSummary();
  const schema = useMemo(
    () =>
      ruleCheckSchema<ErasureValues>((values) => ({
        reference: erasureInputSchema.safeParse({ ...subject, reference: values.reference }).success
          ? undefined
          : t('privacy.erasure.referenceRequired'),
        accepted: values.accepted ? undefined : t('privacy.erasure.acceptRequired'),
      })),
    [t, subject],
  );
  const form = useContractForm<ErasureValues>(schema, { reference: '', accepted: false });

  const submit = (values: ErasureValues) => {
    erase.mutate(erasureInputSchema.parse({ ...subject, reference: values.reference }), {
      onSuccess: setResult,
    });
  };

  return (
    <form
      ref={summary.formRef}
      onSubmit={form.handleSubmit(summary.valid(submit), summary.onInvalid)}
      noValidate
      aria-labelledby="erasure-heading"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="erasure-heading">
          {t('privacy.erasure.heading')}
        </Title>
        <Text size="sm">{t('privacy.erasure.intro')}</Text>
        <ErrorSummary summary={summary} />
        <TextField
          form={form}
          name="reference"
          label={t('privacy.erasure.reference')}
          description={t('privacy.erasure.referenceHint')}
          maw={360}
        />
        <CheckboxField form={form} name="accepted" label={t('privacy.erasure.accept')} />
        <Group>
          <Button type="submit" color="red" loading={erase.isPending} disabled={result !== null}>
            {t('privacy.erasure.submit')}
          </Button>
        </Group>
        {erase.isError && (
          <Alert color="red" role="alert">
            {t('privacy.erasure.failed')}
          </Alert>
        )}
        {result && (
          <Alert color="green" role="status" title={t('privacy.erasure.done')}>
            <Text size="sm">
              {t('privacy.erasure.anonymised', {
                count: Object.values(result.anonymised).reduce((sum, n) => sum + n, 0),
              })}
            </Text>
            {result.kept.length > 0 && (
              <>
                <Text size="sm" mt="xs">
                  {t('privacy.erasure.kept')}
                </Text>
                <ul data-testid="kept-records">
                  {result.kept.map((kept) => (
                    <li key={`${kept.kind}-${kept.id}`}>
                      <Text size="sm">
                        {t(`privacy.kinds.${kept.kind}`)} {kept.id}: {kept.reason}
                      </Text>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
