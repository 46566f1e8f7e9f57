import { ukDateTime } from '@client-portal/contract';
import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRecentActions } from '../api/recent-actions';

/** The caller's own latest actions (the audit's words), newest first: what did I just do? */
export function RecentActions() {
  const { t } = useTranslation();
  const actions = useRecentActions();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="dashboard-recent-heading">
      <Stack gap="xs">
        <Title order={2} size="h4" id="dashboard-recent-heading">
          {t('dashboard.recent.heading')}
        </Title>
        {actions.isPending ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : actions.isError ? (
          <Text size="sm">{t('dashboard.recent.failed')}</Text>
        ) : actions.data.length === 0 ? (
          <Text size="sm">{t('dashboard.recent.none')}</Text>
        ) : (
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
            {actions.data.map((a) => (
              <li key={`${a.timestamp}-${a.description}`}>
                <Text size="sm">
                  <Text span c="dimmed" size="sm">
                    {ukDateTime(a.timestamp)}
                  </Text>{' '}
                  {a.description}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
