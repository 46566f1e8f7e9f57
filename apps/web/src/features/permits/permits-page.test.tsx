import type { Permit } from '@client-portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionFromLogin, sessionStore } from '../../lib/session';
import { jsonResponse, renderWithProviders, testApiClient } from '../../test/render';
import { userInfoAnswer } from '../../test/user-info';
import { formatPermitDate, PermitsPage } from './permits-page';

const ME = 'clerk@acme.example';
const permit = (id: number, registration: string, started: string, isTemp: boolean): Permit => ({
  type: 'site',
  permitId: id,
  site_SiteGroupNumber: '1001',
  vehicleRegistration: registration,
  driverName: `Driver ${id}`,
  isTemp,
  started,
  ended: '2027-01-31T17:30:00.000Z',
});
const permits = [
  permit(1, 'AA11AAA', '2026-10-01T09:00:00.000Z', true),
  permit(2, 'KX70COF', '2026-11-01T09:00:00.000Z', false),
];

interface Call {
  url: URL;
  signal: AbortSignal | undefined;
}

function renderPage(entry: string, options: { hang?: (call: Call) => boolean; fail?: () => boolean } = {}) {
  sessionStore.set(sessionFromLogin({ accessToken: 't', refreshToken: 'r', expiresIn: 900 }, 'identity', ME));
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    if (url.pathname === '/user/info') {
      return jsonResponse(
        userInfoAnswer({
          email: ME,
          features: ['Permits.View'],
          sites: [{ siteNumber: '1001', name: 'Acme' }],
        }),
      );
    }
    const call = { url, signal: init.signal ?? undefined };
    calls.push(call);
    if (options.fail?.()) return jsonResponse({ title: 'Bad request', status: 400 }, 400);
    if (options.hang?.(call)) {
      return new Promise<Response>((_resolve, reject) =>
        call.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      );
    }
    const registration = url.searchParams.get('vehicleRegistration');
    return jsonResponse(permits.filter((p) => !registration || p.vehicleRegistration === registration));
  };
  const router = createMemoryRouter([{ path: '/permits', element: <PermitsPage /> }], {
    initialEntries: [entry],
  });
  const utils = renderWithProviders(<RouterProvider router={router} />, {
    api: testApiClient(fetch as typeof globalThis.fetch),
  });
  return { ...utils, calls, router };
}

describe('PermitsPage', () => {
  afterEach(() => sessionStore.clear());

  it('loads the state from the query string and lists permits newest start first', async () => {
    const { calls } = renderPage('/permits?state=current');
    expect(await screen.findByRole('heading', { name: 'Permits' })).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'KX70COF' });
    expect(calls[0]?.url.pathname).toBe('/permits');
    expect(calls[0]?.url.searchParams.get('state')).toBe('current');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('KX70COF');
    expect(rows[0]).toHaveTextContent('Permanent');
    expect(rows[0]).toHaveTextContent(formatPermitDate('2026-11-01T09:00:00.000Z'));
    expect(rows[1]).toHaveTextContent('Temporary');
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    // Adding and expiring are not part of this page yet.
    expect(screen.queryByRole('link', { name: /add|expire/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /add|expire/i })).not.toBeInTheDocument();
  });

  it('formats dates as dd/mm/yyyy HH:mm', () => {
    expect(formatPermitDate('2026-11-01T09:05:00.000Z')).toMatch(/^01\/11\/2026 \d\d:05$/);
  });

  it('keeps a typed registration in the query string, upper-cased without spaces, and aborts the old load', async () => {
    const { user, calls, router } = renderPage('/permits?state=current', {
      hang: (call) => call.url.searchParams.get('state') === 'expired',
    });
    await screen.findByRole('cell', { name: 'KX70COF' });

    await user.click(screen.getByRole('combobox', { name: 'Permit state' }));
    await user.click(screen.getByRole('option', { name: 'Expired' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(router.state.location.search).toBe('?state=expired');

    await user.type(screen.getByRole('searchbox', { name: 'Vehicle registration' }), 'kx70 cof');
    expect(screen.getByRole('searchbox', { name: 'Vehicle registration' })).toHaveValue('KX70COF');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?state=expired&vehicleRegistration=KX70COF'),
    );
    await waitFor(() => expect(calls[1]?.signal?.aborted).toBe(true));
  });

  it('shows All for no state and narrows the table to a registration', async () => {
    const { user, router } = renderPage('/permits');
    await screen.findByRole('cell', { name: 'AA11AAA' });
    expect(screen.getByRole('combobox', { name: 'Permit state' })).toHaveValue('All');
    await user.type(screen.getByRole('searchbox', { name: 'Vehicle registration' }), 'KX70COF');
    await waitFor(() => expect(router.state.location.search).toBe('?vehicleRegistration=KX70COF'));
    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'KX70COF' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'AA11AAA' })).not.toBeInTheDocument();
  });

  it('offers a retry when the load fails', async () => {
    let failing = true;
    const { user } = renderPage('/permits', { fail: () => failing });
    expect(await screen.findByText(/Failed to retrieve permits\./)).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'KX70COF' })).toBeInTheDocument();
  });
});
