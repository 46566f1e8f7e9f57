import { ActionIcon, Indicator } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotificationSummary } from './api/notifications';

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

/** The top bar's bell: links to the notification centre and shows the unread count. */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useNotificationSummary().data?.unread ?? 0;
  return (
    <Indicator label={unread} size={18} disabled={unread === 0} color="red" offset={4}>
      <ActionIcon
        component={Link}
        to="/notifications"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
        data-testid="notification-bell"
      >
        <BellIcon />
      </ActionIcon>
    </Indicator>
  );
}
