import { ukDateTime } from '@client-portal/contract';
import { ActionIcon, Anchor, Indicator, Loader, Popover, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotificationCentre, useNotificationSummary } from './api/notifications';

/** The bell's preview lists this many of the newest notifications. */
export const BELL_PREVIEW_SIZE = 5;

function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}

/**
 * The top bar's bell: shows the unread count and opens a short preview of the newest five
 * notifications with a link to the centre (issue 24). The preview keeps focus while open, Escape
 * closes it and focus returns to the bell.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const unread = useNotificationSummary().data?.unread ?? 0;
  const latest = useNotificationCentre({ unread: false, skip: 0 }, opened);
  const shown = latest.data?.rows.slice(0, BELL_PREVIEW_SIZE) ?? [];
  return (
    <Indicator label={unread} size={18} disabled={unread === 0} color="red" offset={4}>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={320}
        trapFocus
        returnFocus
        withArrow
        shadow="md"
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setOpened((o) => !o)}
            aria-label={
              unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')
            }
            data-testid="notification-bell"
          >
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
        {/* Named by the bell (Mantine labels the dialog by its target). */}
        <Popover.Dropdown>
          <Stack gap="xs">
            <Text fw={700} size="sm">
              {t('notifications.preview.label')}
            </Text>
            {latest.isPending ? (
              <Loader size="sm" aria-label={t('common.loading')} />
            ) : latest.isError ? (
              <Text size="sm">{t('notifications.preview.failed')}</Text>
            ) : shown.length === 0 ? (
              <Text size="sm">{t('notifications.preview.none')}</Text>
            ) : (
              <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
                {shown.map((n) => (
                  <li key={n.id} data-testid="bell-preview-item">
                    <Text size="sm" fw={n.readAt ? 400 : 700}>
                      {n.readAt ? n.title : t('notifications.preview.unreadTitle', { title: n.title })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {ukDateTime(n.startsAt)}
                    </Text>
                  </li>
                ))}
              </Stack>
            )}
            <Anchor component={Link} to="/notifications" size="sm" onClick={() => setOpened(false)}>
              {t('notifications.preview.openCentre')}
            </Anchor>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
