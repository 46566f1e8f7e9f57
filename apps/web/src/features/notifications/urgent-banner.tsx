import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SanitisedHtml } from '../../components/sanitised-html';
import { useMarkRead, useNotificationSummary } from './api/notifications';

/** Each unread urgent notification stays on every page until its recipient acknowledges it. */
export function UrgentNotificationBanner() {
  const { t } = useTranslation();
  const urgent = useNotificationSummary().data?.urgent ?? [];
  const markRead = useMarkRead();
  if (urgent.length === 0) return null;
  return (
    <Stack gap="xs" mb="md">
      {urgent.map((n) => (
        <Alert
          key={n.id}
          color="red"
          variant="light"
          title={`${t('notifications.banner')}: ${n.title}`}
          role="alert"
          data-testid="urgent-banner"
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Text component="div" size="sm">
              <SanitisedHtml html={n.html} />
            </Text>
            <Button
              size="xs"
              color="red"
              loading={markRead.isPending && markRead.variables?.id === n.id}
              onClick={() => void markRead.mutateAsync({ id: n.id, read: true })}
            >
              {t('notifications.acknowledge')}
            </Button>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
