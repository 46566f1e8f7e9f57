import { notifications } from '@mantine/notifications';

/**
 * Tells the user that what they asked for was done, after the page has moved on (to a list, say).
 * Mantine's notification is a live region (role="alert"), so screen readers announce it too.
 */
export function confirmDone(message: string): void {
  notifications.show({ message, color: 'green', autoClose: 6_000, withBorder: true });
}

/** Tells the user that an action they asked for failed, when the page moves on regardless. */
export function reportFailed(message: string): void {
  notifications.show({ message, color: 'red', autoClose: false, withBorder: true });
}
