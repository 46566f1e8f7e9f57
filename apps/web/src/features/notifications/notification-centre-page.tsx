import {
  type ReceivedNotification,
  receivedNotificationQuerySchema,
  shownPageIndex,
  ukDateTime,
} from '@client-portal/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SanitisedHtml } from '../../components/sanitised-html';
import { useListState } from '../../lib/use-list-state';
import { usePageTitle } from '../../lib/use-page-title';
import { type CentreRequest, useMarkAllRead, useMarkRead, useNotificationCentre } from './api/notifications';

const severityColor = { information: 'blue', warning: 'yellow', urgent: 'red' } as const;

function NotificationItem({ n }: { n: ReceivedNotification }) {
  const { t } = useTranslation();
  const markRead = useMarkRead();
  const unread = n.readAt === null;
  return (
    <Paper withBorder p="md" component="li" data-testid="notification-item" data-unread={unread}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={2} size="h4">
              {n.title}
            </Title>
            <Badge color={severityColor[n.severity]} variant="light">
              {t(`notifications.severity.${n.severity}`)}
            </Badge>
            {unread && <Badge variant="filled">{t('notifications.unread')}</Badge>}
          </Group>
          <Text size="xs" c="dimmed">
            {ukDateTime(n.startsAt)}
          </Text>
          <Text component="div" size="sm">
            <SanitisedHtml html={n.html} />
          </Text>
          {n.link && (
            <Anchor component={Link} to={n.link} size="sm">
              {t('notifications.open')}
            </Anchor>
          )}
        </Stack>
        <Button
          variant="default"
          size="xs"
          loading={markRead.isPending}
          onClick={() => void markRead.mutateAsync({ id: n.id, read: unread })}
        >
          {unread ? t('notifications.markRead') : t('notifications.markUnread')}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * /notifications: the centre, newest first, one server page at a time. The unread filter and the page
 * live in the address (decision 28), read through the query schema GET /notifications parses.
 */
export function NotificationCentrePage() {
  const { t } = useTranslation();
  usePageTitle(t('notifications.title'));
  const [state, setState] = useListState(receivedNotificationQuerySchema);
  const request: CentreRequest = {
    unread: state.unread,
    after: state.after,
    before: state.before,
    skip: state.skip,
  };
  const pageIndex = shownPageIndex(state);
  const centre = useNotificationCentre(request);
  const markAll = useMarkAllRead();
  const page = centre.data;

  // A page change pushes a history entry (Back is the page before); a new filter replaces it and starts
  // at the first page.
  const go = (next: CentreRequest, index: number) =>
    setState({ ...next, page: index > 0 ? index + 1 : undefined });
  const filter = (unread: boolean) => setState({ unread, skip: 0 }, { replace: true });

  return (
    <Stack>
      <Title order={1}>{t('notifications.title')}</Title>
      <Group justify="space-between">
        <SegmentedControl
          aria-label={t('notifications.filter')}
          value={request.unread ? 'unread' : 'all'}
          onChange={(value) => filter(value === 'unread')}
          data={[
            { value: 'all', label: t('notifications.filterAll') },
            { value: 'unread', label: t('notifications.filterUnread') },
          ]}
        />
        <Button
          variant="default"
          onClick={() => void markAll.mutateAsync(undefined)}
          loading={markAll.isPending}
          disabled={!page || page.unread === 0}
        >
          {t('notifications.markAllRead')}
        </Button>
      </Group>
      {centre.isError && <Alert color="red">{t('notifications.loadFailed')}</Alert>}
      {page && (
        <>
          <Text size="sm" role="status">
            {t('notifications.total', { count: page.total, unread: page.unread })}
          </Text>
          {page.rows.length === 0 ? (
            <Text>{request.unread ? t('notifications.noneUnread') : t('notifications.none')}</Text>
          ) : (
            <Stack component="ul" gap="sm" p={0} style={{ listStyle: 'none' }}>
              {page.rows.map((n) => (
                <NotificationItem key={n.id} n={n} />
              ))}
            </Stack>
          )}
          <Group>
            <Button
              variant="default"
              disabled={pageIndex === 0 || !page.first}
              onClick={() =>
                go({ unread: request.unread, before: page.first ?? undefined, skip: 0 }, pageIndex - 1)
              }
            >
              {t('notifications.previous')}
            </Button>
            <Button
              variant="default"
              disabled={(pageIndex + 1) * 10 >= page.total || !page.last}
              onClick={() =>
                go({ unread: request.unread, after: page.last ?? undefined, skip: 0 }, pageIndex + 1)
              }
            >
              {t('notifications.next')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
