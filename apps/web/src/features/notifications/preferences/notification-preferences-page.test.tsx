import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionFromLogin, sessionStore } from '../../../lib/session';
import { jsonResponse, renderWithProviders, testApiClient } from '../../../test/render';
import { NotificationPreferencesPage } from './notification-preferences-page';

describe('notification email preferences', () => {
  afterEach(() => sessionStore.clear());

  it('shows each category’s choice and saves the changes', async () => {
    sessionStore.set(
      sessionFromLogin(
        { accessToken: 't', refreshToken: 'r', expiresIn: 900 },
        'identity',
        'clerk@acme.example',
      ),
    );
    let stored = {
      Announcement: true,
      TicketActionReceipts: true,
      PermitExpiryDigest: false,
      LatestNews: true,
    };
    const puts: unknown[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { email: typeof stored };
        puts.push(body);
        stored = { ...stored, ...body.email };
      }
      return String(input).endsWith('/notifications/preferences')
        ? jsonResponse({ email: stored })
        : jsonResponse({ title: 'Not Found', status: 404 }, 404);
    };
    renderWithProviders(<NotificationPreferencesPage />, {
      api: testApiClient(fetch as typeof globalThis.fetch),
    });
    const announcements = await screen.findByRole('checkbox', { name: /Announcements/ });
    expect(announcements).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Permit expiry/ })).not.toBeChecked();
    await userEvent.click(announcements);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your choices are saved.')).toBeInTheDocument();
    await waitFor(() =>
      expect(puts).toEqual([
        {
          email: {
            Announcement: false,
            TicketActionReceipts: true,
            PermitExpiryDigest: false,
            LatestNews: true,
          },
        },
      ]),
    );
  });
});
