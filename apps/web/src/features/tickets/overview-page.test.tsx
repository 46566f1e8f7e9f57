import type { TicketAllowance } from '@client-portal/contract';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionFromLogin, sessionStore } from '../../lib/session';
import { jsonResponse, renderWithProviders, testApiClient } from '../../test/render';
import { userInfoAnswer } from '../../test/user-info';
import { OverviewPage } from './overview-page';

const EMAIL = 'manager@acme.example';

const allowances: TicketAllowance[] = [
  {
    siteNumber: '1002',
    siteName: 'Acme North',
    usedSettlements: 1,
    allocatedSettlements: null,
    usedCancellations: 2,
    allocatedCancellations: 10,
  },
  {
    siteNumber: '1001',
    siteName: 'Acme Central',
    usedSettlements: 3,
    allocatedSettlements: 5,
    usedCancellations: 4,
    allocatedCancellations: null,
  },
];

function renderPage(accessAllSites: boolean) {
  sessionStore.set(
    sessionFromLogin({ accessToken: 't', refreshToken: 'r', expiresIn: 900 }, 'identity', EMAIL),
  );
  const fetch = async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input));
    if (pathname === '/user/info')
      return jsonResponse(userInfoAnswer({ email: EMAIL, accessAllSites, features: ['Tickets.Reduce'] }));
    if (pathname === '/tickets/allowances') return jsonResponse(allowances);
    return jsonResponse({ title: 'Not Found', status: 404 }, 404);
  };
  const router = createMemoryRouter(
    [
      { path: '/tickets/overview', element: <OverviewPage /> },
      { path: '/tickets/reduce', element: <p>reduce page</p> },
    ],
    { initialEntries: ['/tickets/overview'] },
  );
  renderWithProviders(<RouterProvider router={router} />, {
    api: testApiClient(fetch as typeof globalThis.fetch),
  });
  return router;
}

const rowTexts = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('OverviewPage', () => {
  afterEach(() => sessionStore.clear());

  it("lists each site's allowances sorted by site, with 'No limit' where there is none", async () => {
    renderPage(false);
    await screen.findByRole('cell', { name: '1001 – Acme Central' });
    expect(rowTexts()).toEqual([
      ['1001 – Acme Central', '3', '5', '4', 'No limit'],
      ['1002 – Acme North', '1', 'No limit', '2', '10'],
    ]);
  });

  it('sends users with all sites to reduce', async () => {
    const router = renderPage(true);
    expect(await screen.findByText('reduce page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tickets/reduce');
  });
});
