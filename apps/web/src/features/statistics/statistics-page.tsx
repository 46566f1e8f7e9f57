// The chart library's own styles: without them legends and tooltips draw broken (issue 24).
import '@mantine/charts/styles.css';
import { Alert, Button, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTableState } from '../../components/data-table';
import { periodMessages } from '../../i18n/period-messages';
import { ApiRequestError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { type StatisticsSection, useStatistics } from './api/statistics';
import { chartViews } from './components/chart-views';
import { EnforcementSection } from './components/enforcement-section';
import { ParkingSection } from './components/parking-section';
import { PermitsSection } from './components/permits-section';
import { SiteComparisonSection } from './components/site-comparison-section';
import { StatisticsChoices } from './components/statistics-choices';
import { formatDay } from './format';
import { paramsFromView, type StatisticsView, viewFromParams } from './statistics-choice';

/** /statistics: the caller's car parks at a glance; every choice lives in the query string. */
export function StatisticsPage() {
  const { t } = useTranslation();
  usePageTitle(t('statistics.title'));
  const [params, setParams] = useSearchParams();
  const view = viewFromParams(params);
  // A new choice of site or days starts every table afresh; showing or hiding a table keeps the tables'
  // sort and page (their `{prefix}.` fields, decision 28).
  const setView = (next: StatisticsView) =>
    setParams(
      (current) => {
        const params = paramsFromView(next);
        const before = viewFromParams(current);
        const sameChoice = (['site', 'period', 'from', 'to'] as const).every((k) => before[k] === next[k]);
        if (sameChoice) for (const [key, value] of current) if (key.includes('.')) params.append(key, value);
        return params;
      },
      { replace: true },
    );
  // The site comparison's sort and page, beside the page's choices in the address (decision 28).
  const comparisonState = useTableState({ prefix: 'sites.' });
  const choice = { site: view.site, period: view.period, from: view.from, to: view.to };
  // A custom period the server would refuse is refused here, in the page's words and language, unasked.
  const periodProblems =
    view.period === 'custom' && view.from && view.to
      ? Object.values(periodMessages(view.from, view.to, t))
      : [];
  const ready = view.period !== 'custom' || (Boolean(view.from && view.to) && periodProblems.length === 0);
  const parking = useStatistics('parking', choice, ready);
  const permits = useStatistics('permits', choice, ready);
  const enforcement = useStatistics('enforcement', choice, ready);
  const sites = useStatistics('sites', choice, ready);
  const views = chartViews(view.tables, (tables) => setView({ ...view, tables }));
  const queries: { section: StatisticsSection; query: { error: unknown; refetch(): unknown } }[] = [
    { section: 'parking', query: parking },
    { section: 'permits', query: permits },
    { section: 'enforcement', query: enforcement },
    { section: 'sites', query: sites },
  ];
  const failed = queries.find((q) => q.query.error);
  const error = failed?.query.error;
  const status = error instanceof ApiRequestError ? error.status : undefined;
  const coverage = parking.data;

  return (
    <Stack>
      <Title order={1}>{t('statistics.title')}</Title>
      <Text>{t('statistics.intro')}</Text>
      <StatisticsChoices key={`${view.from}-${view.to}`} view={view} onChange={setView} />
      <div role="status">
        {coverage && (
          <Text fw={500}>
            {t('statistics.showing', {
              name: coverage.scope.name,
              from: formatDay(coverage.from),
              to: formatDay(coverage.to),
            })}
          </Text>
        )}
      </div>
      {periodProblems.length > 0 && (
        <Alert color="red" role="alert" title={t('statistics.failed')}>
          <List>
            {periodProblems.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {failed && (
        <Alert color="red" role="alert" title={t('statistics.failed')}>
          <Text>{t(status === 404 ? 'common.siteNotInReach' : 'statistics.tryAgain')}</Text>
          <Button mt="sm" variant="default" onClick={() => queries.forEach((q) => void q.query.refetch())}>
            {t('statistics.retry')}
          </Button>
        </Alert>
      )}
      {ready && !failed && !(parking.data && permits.data && enforcement.data && sites.data) && (
        <Loader role="status" aria-label={t('statistics.loading')} />
      )}
      {parking.data && <ParkingSection data={parking.data} views={views} />}
      {permits.data && <PermitsSection data={permits.data} views={views} />}
      {enforcement.data && <EnforcementSection data={enforcement.data} views={views} />}
      {sites.data && <SiteComparisonSection data={sites.data} tableState={comparisonState} />}
    </Stack>
  );
}
