import { visitorSummarySchema } from '@client-portal/contract';
import { Anchor, Loader, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { visitorKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** GET /permits/visitor-summary: the visitor figures at the caller's visitor links. */
function useVisitorSummary() {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: visitorKeys.summary(session.isAuthenticated ? session.account.email : ''),
    queryFn: ({ signal }) =>
      api.get('/permits/visitor-summary', { signal, schema: visitorSummarySchema }).then(unwrap),
    staleTime: 60_000,
  });
}

/**
 * Visitors who registered themselves (issue 27): their permits added today and running now, and the
 * visitors waiting for a host, at the caller's visitor links; shown once the caller has a link.
 */
export function VisitorsToday() {
  const { t } = useTranslation();
  const summary = useVisitorSummary();
  if (summary.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (!summary.data || summary.data.links === 0) return null;
  const figures = [
    { id: 'today', value: summary.data.today },
    { id: 'active', value: summary.data.active },
    { id: 'awaiting', value: summary.data.awaiting },
  ] as const;
  return (
    <section aria-labelledby="dashboard-visitors">
      <Title order={2} size="h3" id="dashboard-visitors" mb="sm">
        {t('dashboard.visitors.heading')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {figures.map((figure) => (
          <Anchor key={figure.id} component={Link} to="/visitor-links" underline="never">
            <Paper withBorder p="md">
              <Text size="sm" c="dimmed">
                {t(`dashboard.visitors.${figure.id}`)}
              </Text>
              <Text size="xl" fw={700} data-testid={`visitors-${figure.id}`}>
                {figure.value}
              </Text>
            </Paper>
          </Anchor>
        ))}
      </SimpleGrid>
    </section>
  );
}
