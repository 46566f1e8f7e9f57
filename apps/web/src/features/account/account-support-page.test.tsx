import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppConfigProvider } from '../../lib/app-config-context';
import { sessionFromLogin, sessionStore } from '../../lib/session';
import { jsonResponse, renderWithProviders, testApiClient } from '../../test/render';
import { AccountSupportPage } from './account-support-page';

const EMAIL = 'clerk@acme.example';
// The test build's own hash (vitest.config.ts defines VITE_APP_BUILD_HASH).
const BUILT_IN_HASH = 'test-build-hash';

function renderPage(
  entries: Record<string, string>,
  options: { refresh?: () => Response; config?: () => Response } = {},
) {
  sessionStore.set(
    sessionFromLogin({ accessToken: 't', refreshToken: 'r-old', expiresIn: 900 }, 'identity', EMAIL),
  );
  const requests: { path: string; init: RequestInit }[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const { pathname } = new URL(String(input));
    requests.push({ path: pathname, init });
    if (pathname === '/user/refresh' && options.refresh) return options.refresh();
    if (pathname === '/application/config' && options.config) return options.config();
    return jsonResponse({ title: 'Not Found', status: 404 }, 404);
  };
  const reload = vi.fn();
  const config = { entries, expiresAt: Date.now() + 300_000, expiresIn: 300, version: '7.3.1' };
  const utils = renderWithProviders(
    <AppConfigProvider initial={config}>
      <AccountSupportPage reload={reload} />
    </AppConfigProvider>,
    { api: testApiClient(fetch as typeof globalThis.fetch) },
  );
  return { ...utils, reload, requests };
}

describe('AccountSupportPage', () => {
  afterEach(() => sessionStore.clear());

  it('shows the API version from the config and the frontend version', () => {
    renderPage({ ApplicationHash: BUILT_IN_HASH });
    const details = screen.getByTestId('instance-details');
    expect(within(details).getByRole('row', { name: 'API version 7.3.1' })).toBeInTheDocument();
    expect(within(details).getByRole('row', { name: 'Frontend version 2.2.0' })).toBeInTheDocument();
  });

  it("shows the operator's support contact from the config, as call and mail links", () => {
    renderPage({
      SupportPhone: '0161 496 0123',
      SupportEmail: 'help@operator.example',
      SupportHours: 'Weekdays, 9am to 5pm',
    });
    const contact = screen.getByTestId('support-contact');
    expect(within(contact).getByRole('link', { name: '0161 496 0123' })).toHaveAttribute(
      'href',
      'tel:01614960123',
    );
    expect(within(contact).getByRole('link', { name: 'help@operator.example' })).toHaveAttribute(
      'href',
      'mailto:help@operator.example',
    );
    expect(
      within(contact).getByRole('row', { name: 'Opening hours Weekdays, 9am to 5pm' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Contact us' })).toBeInTheDocument();
  });

  it("shows the demo operator's contact when none is configured", () => {
    renderPage({});
    const contact = screen.getByTestId('support-contact');
    expect(within(contact).getByRole('link', { name: '020 7946 0018' })).toBeInTheDocument();
    expect(within(contact).getByRole('link', { name: 'support@operator.example' })).toBeInTheDocument();
  });

  it('refreshes the session on Refresh session', async () => {
    const { user, requests } = renderPage(
      {},
      { refresh: () => jsonResponse({ accessToken: 't2', refreshToken: 'r-new', expiresIn: 900 }) },
    );
    await user.click(screen.getByRole('button', { name: 'Refresh session' }));
    expect(await screen.findByText('Your session was refreshed.')).toBeInTheDocument();
    const call = requests.find((r) => r.path === '/user/refresh');
    expect(JSON.parse(String(call?.init.body))).toEqual({ refreshToken: 'r-old' });
    const session = sessionStore.get();
    expect(session.isAuthenticated && session.refreshToken).toBe('r-new');
  });

  it('says so when the refresh is refused', async () => {
    const { user } = renderPage(
      {},
      { refresh: () => jsonResponse({ title: 'Unauthorized', status: 401 }, 401) },
    );
    await user.click(screen.getByRole('button', { name: 'Refresh session' }));
    expect(
      await screen.findByText('Your session could not be refreshed. Please sign in again.'),
    ).toBeInTheDocument();
    expect(sessionStore.get().isAuthenticated).toBe(false);
  });

  it('clears what the portal stored and reloads on Clear cache', async () => {
    const { user, reload } = renderPage({});
    window.localStorage.setItem('clientPortal.recentSites', '[]');
    expect(window.localStorage.getItem('clientPortal.user')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clear cache' }));
    expect(Object.keys(window.localStorage).filter((key) => key.startsWith('clientPortal.'))).toEqual([]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers no update while the served hash is the built-in one', () => {
    renderPage({ ApplicationHash: BUILT_IN_HASH });
    expect(screen.queryByTestId('update-available')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply update' })).not.toBeInTheDocument();
  });

  it('offers no update when the config has no hash', () => {
    renderPage({});
    expect(screen.queryByRole('button', { name: 'Apply update' })).not.toBeInTheDocument();
  });

  it('offers the update when the served hash differs, and Apply update reloads the config and the page', async () => {
    const { user, reload, requests } = renderPage(
      { ApplicationHash: 'newer-build' },
      {
        config: () =>
          jsonResponse({ config: { ApplicationHash: 'newer-build' }, expiresIn: 300, version: '7.3.2' }),
      },
    );
    expect(screen.getByTestId('update-available')).toHaveTextContent('An update is available');
    await user.click(screen.getByRole('button', { name: 'Apply update' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(requests.filter((r) => r.path === '/application/config')).toHaveLength(1);
  });
});
