import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MarkdownText } from '../../components/sanitised-html';
import { usePageTitle } from '../../lib/use-page-title';

/** Shown instead of the page while the portal is offline; its body is the offline message, in Markdown (decision 39). */
export function MaintenanceScreen({ message }: { message: string | undefined }) {
  const { t } = useTranslation();
  usePageTitle(t('chrome.maintenance.title'));
  return (
    <Paper withBorder p="xl" mt="md" data-testid="maintenance-screen">
      <Stack>
        <Title order={1}>{t('chrome.maintenance.title')}</Title>
        {message?.trim() ? (
          <MarkdownText markdown={message} testId="offline-message" />
        ) : (
          <Text>{t('chrome.maintenance.defaultMessage')}</Text>
        )}
        <Text size="sm" c="dimmed">
          {t('chrome.maintenance.adminHint')}{' '}
          <Anchor component={Link} to="/signin" size="sm">
            {t('chrome.maintenance.adminSignIn')}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
