import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { useReportDefinitions } from './api/report-definitions';
import { ReportForm } from './components/report-form';
import { SubscribeForm } from './components/subscribe-form';
import { SubscriptionsTable } from './components/subscriptions-table';
import { choiceFromParams, paramsFromChoice, type ReportChoice } from './report-choice';

/** /reports: the catalogue (from the API's definitions), downloads and email subscriptions. */
export function ReportsPage() {
  const { t } = useTranslation();
  usePageTitle(t('reports.title'));
  const [params, setParams] = useSearchParams();
  const choice = choiceFromParams(params);
  const setChoice = (next: ReportChoice) => setParams(paramsFromChoice(next), { replace: true });
  const definitions = useReportDefinitions();
  const list = definitions.data ?? [];
  const definition = list.find((d) => d.key === choice.report) ?? list[0];

  return (
    <Stack>
      <Title order={1}>{t('reports.title')}</Title>
      <Text>{t('reports.intro')}</Text>
      {definitions.isPending && <Loader aria-label={t('reports.loading')} />}
      {definitions.isError && (
        <Alert color="red" role="alert" title={t('reports.failed')}>
          <Button variant="default" onClick={() => void definitions.refetch()}>
            {t('reports.retry')}
          </Button>
        </Alert>
      )}
      {definition && (
        <>
          <ReportForm definitions={list} definition={definition} choice={choice} onChange={setChoice} />
          <SubscribeForm definition={definition} site={choice.site} />
        </>
      )}
      <SubscriptionsTable />
    </Stack>
  );
}
