import type { ReceivedNotification } from '@client-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionFromLogin, sessionStore } from '../../lib/session';
import { jsonResponse, renderWithProviders, testApiClient } from '../../test/render';
import { NotificationBell } from './notification-bell';
import { NotificationCentrePage } from './notification-centre-page';
import { UrgentNotificationBanner } from './urgent-banner';

const note = (id: string, over: Partial<ReceivedNotification> = {}): ReceivedNotification => ({
  id,
  category: 'Announcement',
  title: `Title ${id}`,
  html: `<p>Body <strong>${id}</strong></p><script>window.__x=1</script>`,
  severity: 'information',
  link: null,
  startsAt: '2026-01-05T10:00:00.000Z',
  readAt: null,
  ...over,
});

function renderWith(ui: React.ReactElement, rows: ReceivedNotification[]) {
  sessionStore.set(
    sessionFromLogin(
      { accessToken: 't', refreshToken: 'r', expiresIn: 900 },
      'identity',
      'clerk@acme.example',
    ),
  );
  const calls: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    if (url.pathname === '/notifications') {
      const unreadOnly = url.searchParams.get('unread') === 'true';
      const shown = rows.filter((r) => !unreadOnly || r.readAt === null);
      const onePage = shown.slice(0, 10);
      return jsonResponse({
        rows: onePage,
        total: shown.length,
        first: onePage[0]?.id ?? null,
        last: onePage.at(-1)?.id ?? null,
        unread: rows.filter((r) => !r.readAt).length,
      });
    }
    if (url.pathname === '/notifications/summary')
      return jsonResponse({
        unread: rows.filter((r) => !r.readAt).length,
        urgent: rows.filter((r) => r.severity === 'urgent' && !r.readAt),
      });
    if (url.pathname === '/notifications/read-all') {
      const unread = rows.filter((r) => !r.readAt);
      for (const r of unread) r.readAt = '2026-01-05T11:00:00.000Z';
      return jsonResponse({ marked: unread.length });
    }
    if (url.pathname.endsWith('/read')) {
      const id = url.pathname.split('/')[2];
      const row = rows.find((r) => r.id === id)!;
      row.readAt = JSON.parse(String(init?.body)).read ? '2026-01-05T11:00:00.000Z' : null;
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ title: 'Not Found', status: 404 }, 404);
  };
  renderWithProviders(ui, { api: testApiClient(fetch as typeof globalThis.fetch) });
  return calls;
}

describe('notification centre', () => {
  afterEach(() => sessionStore.clear());

  it('lists notifications with sanitised bodies, filters unread and marks read', async () => {
    const calls = renderWith(
      <MemoryRouter>
        <NotificationCentrePage />
      </MemoryRouter>,
      [note('1'), note('2', { readAt: '2026-01-05T10:30:00.000Z' })],
    );
    const items = await screen.findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('1')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(calls).toContain('PUT /notifications/1/read'));
    await userEvent.click(screen.getByText('Unread only'));
    await waitFor(() => expect(calls.some((c) => c.includes('unread=true'))).toBe(true));
    expect(await screen.findByText('You have no unread notifications.')).toBeInTheDocument();
  });

  it('marks one unread again, then all read; the bell counts the unread and follows', async () => {
    const calls = renderWith(
      <MemoryRouter>
        <NotificationBell />
        <NotificationCentrePage />
      </MemoryRouter>,
      [note('1'), note('2', { readAt: '2026-01-05T10:30:00.000Z' }), note('3')],
    );
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    // The bell opens a short preview of the newest notifications with a link to the centre.
    await userEvent.click(bell);
    const preview = await screen.findByRole('dialog', { name: 'Notifications, 2 unread' });
    expect(within(preview).getByText('Latest notifications')).toBeInTheDocument();
    expect(await within(preview).findAllByTestId('bell-preview-item')).toHaveLength(3);
    expect(within(preview).getAllByText(/\(unread\)$/)).toHaveLength(2);
    expect(within(preview).getByRole('link', { name: 'Open the notification centre' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bell).toHaveFocus();
    const second = (await screen.findAllByTestId('notification-item'))[1]!;
    await userEvent.click(within(second).getByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(calls).toContain('PUT /notifications/2/read'));
    await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    await screen.findByText('3 notifications, 3 unread');
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls).toContain('POST /notifications/read-all'));
    await screen.findByText('3 notifications, 0 unread');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('keeps the unread filter and the page in the address (decision 28)', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => note(String(i + 1)));
    let location = '';
    function Address() {
      location = useLocation().search;
      return null;
    }
    const calls = renderWith(
      <MemoryRouter initialEntries={['/notifications?unread=true&after=c10&page=2']}>
        <Address />
        <NotificationCentrePage />
      </MemoryRouter>,
      rows,
    );
    // The address's filter and cursor go to the server as they are; the pager knows it is on page 2.
    await waitFor(() => expect(calls).toContain('GET /notifications?unread=true&skip=0&after=c10'));
    await screen.findByText('12 notifications, 12 unread');
    expect(screen.getByRole('radio', { name: 'Unread only' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();

    // A new filter starts at the first page, and the address says so.
    await userEvent.click(screen.getByText('All'));
    await waitFor(() => expect(location).toBe(''));
    await waitFor(() => expect(calls.at(-1)).toBe('GET /notifications?unread=false&skip=0'));
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Older' })).toBeEnabled());

    // Older pushes the next page into the address.
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(location).toBe('?after=10&page=2'));
  });

  it('shows an urgent notification as a banner until acknowledged', async () => {
    const calls = renderWith(<UrgentNotificationBanner />, [
      note('7', { severity: 'urgent', title: 'Flood' }),
    ]);
    const banner = await screen.findByTestId('urgent-banner');
    expect(banner).toHaveTextContent('Urgent notification: Flood');
    await userEvent.click(within(banner).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(calls).toContain('PUT /notifications/7/read'));
    await waitFor(() => expect(screen.queryByTestId('urgent-banner')).toBeNull());
  });
});
