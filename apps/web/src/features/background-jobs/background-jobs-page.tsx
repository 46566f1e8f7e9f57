import { FAILED_JOBS_SHOWN, type FailedJob, ukDateTime } from '@client-portal/contract';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowTable } from '../../components/row-table';
import { usePageTitle } from '../../lib/use-page-title';
import { useJobsOverview, useRetryJob } from './api/jobs';

/** /admin/jobs: every kind's queue, the failed jobs with their last error, and a retry for each. */
export function BackgroundJobsPage() {
  const { t } = useTranslation();
  usePageTitle(t('backgroundJobs.title'));
  const overview = useJobsOverview();
  const retry = useRetryJob();
  const [outcome, setOutcome] = useState<'retried' | 'failed' | null>(null);
  const kindName = (kind: string) => t(`backgroundJobs.kinds.${kind}`, { defaultValue: kind });
  const whatOf = (job: FailedJob) =>
    job.summary ? `${kindName(job.kind)}: ${job.summary}` : kindName(job.kind);

  const retryJob = async (job: FailedJob) => {
    const result = await retry.mutateAsync(job.id);
    setOutcome(result.ok ? 'retried' : 'failed');
  };

  return (
    <Stack>
      <Title order={1}>{t('backgroundJobs.title')}</Title>
      <Text>{t('backgroundJobs.intro')}</Text>
      {overview.isPending && (
        <Group role="status" gap="sm">
          <Loader size="sm" />
          <Text>{t('common.loading')}</Text>
        </Group>
      )}
      {overview.isError && (
        <Text role="alert">
          {t('table.failed', { data: t('backgroundJobs.dataName') })}{' '}
          <Anchor component="button" type="button" onClick={() => void overview.refetch()}>
            {t('table.retry')}
          </Anchor>
        </Text>
      )}
      {overview.data && (
        <>
          <RowTable
            label={t('backgroundJobs.queuesLabel')}
            caption
            rowHeader
            minWidth={640}
            headers={[
              t('backgroundJobs.columns.kind'),
              t('backgroundJobs.columns.queued'),
              t('backgroundJobs.columns.retrying'),
              t('backgroundJobs.columns.active'),
              t('backgroundJobs.columns.failed'),
              t('backgroundJobs.columns.oldest'),
            ]}
            rows={overview.data.kinds.map((k) => ({
              key: k.kind,
              attributes: { 'data-testid': `job-kind-${k.kind}` },
              cells: [
                kindName(k.kind),
                k.queued,
                k.retrying,
                k.active,
                k.failed,
                k.oldestQueuedAt ? ukDateTime(k.oldestQueuedAt) : t('backgroundJobs.none'),
              ],
            }))}
          />
          <Title order={2} size="h3">
            {t('backgroundJobs.failedHeading')}
          </Title>
          <div role="status">
            {outcome === 'retried' && <Alert color="green">{t('backgroundJobs.retried')}</Alert>}
            {outcome === 'failed' && <Alert color="red">{t('backgroundJobs.retryFailed')}</Alert>}
          </div>
          {overview.data.failed.total === 0 ? (
            <Text>{t('backgroundJobs.noFailures')}</Text>
          ) : (
            <>
              <Text>
                {t('backgroundJobs.failedCount', { count: overview.data.failed.total })}{' '}
                {overview.data.failed.total > FAILED_JOBS_SHOWN &&
                  t('backgroundJobs.failedShown', { shown: String(FAILED_JOBS_SHOWN) })}
              </Text>
              <RowTable
                label={t('backgroundJobs.failedHeading')}
                rowHeader
                minWidth={760}
                headers={[
                  t('backgroundJobs.columns.what'),
                  t('backgroundJobs.columns.failedAt'),
                  t('backgroundJobs.columns.attempts'),
                  t('backgroundJobs.columns.error'),
                  t('backgroundJobs.columns.action'),
                ]}
                rows={overview.data.failed.rows.map((job) => ({
                  key: job.id,
                  attributes: { 'data-testid': 'failed-job' },
                  cells: [
                    whatOf(job),
                    job.failedAt ? ukDateTime(job.failedAt) : '',
                    job.attempts,
                    job.error,
                    <Button
                      key="retry"
                      size="xs"
                      variant="light"
                      loading={retry.isPending && retry.variables === job.id}
                      aria-label={t('backgroundJobs.retryLabel', { what: whatOf(job) })}
                      onClick={() => void retryJob(job)}
                    >
                      {t('backgroundJobs.retry')}
                    </Button>,
                  ],
                }))}
              />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
