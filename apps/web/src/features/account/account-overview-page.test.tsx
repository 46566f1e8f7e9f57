import type { Site } from '@client-portal/contract';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type SessionType, sessionFromLogin, sessionStore } from '../../lib/session';
import { jsonResponse, renderWithProviders, testApiClient } from '../../test/render';
import { userInfoAnswer } from '../../test/user-info';
import { AccountOverviewPage } from './account-overview-page';

const EMAIL = 'manager@acme.example';

const memberSites: Site[] = [
  { siteNumber: '1001', name: 'High Street' },
  { siteNumber: 'SG01', name: 'Acme group' },
];

function renderPage(
  options: { type?: SessionType; accessAllSites?: boolean; access?: string[]; address?: string } = {},
) {
  sessionStore.set(
    sessionFromLogin(
      { accessToken: 't', refreshToken: 'r', expiresIn: 900 },
      options.type ?? 'identity',
      EMAIL,
    ),
  );
  const fetch = async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input));
    if (pathname === '/user/info') {
      return jsonResponse(
        userInfoAnswer({
          email: EMAIL,
          features: ['Self.View'],
          accessAllSites: options.accessAllSites ?? false,
          access: options.access ?? ['SG01', '2002'],
        }),
      );
    }
    if (pathname === '/sites/accessible') return jsonResponse(memberSites);
    return jsonResponse({ title: 'Not Found', status: 404 }, 404);
  };
  const router = createMemoryRouter([{ path: '/account/overview', element: <AccountOverviewPage /> }], {
    initialEntries: [options.address ?? '/account/overview'],
  });
  return {
    router,
    ...renderWithProviders(<RouterProvider router={router} />, {
      api: testApiClient(fetch as typeof globalThis.fetch),
    }),
  };
}

describe('AccountOverviewPage', () => {
  afterEach(() => sessionStore.clear());

  it('shows the email and the identity session type', async () => {
    renderPage({ type: 'identity' });
    expect(await screen.findByTestId('session-type')).toHaveTextContent('Email and password (identity)');
    expect(screen.getByText(EMAIL)).toBeInTheDocument();
  });

  it('words a single sign-on session as provider staff (msal)', async () => {
    renderPage({ type: 'msal' });
    expect(await screen.findByTestId('session-type')).toHaveTextContent(
      'Single sign-on for provider staff (msal)',
    );
  });

  it('lists the sites the user can access', async () => {
    renderPage({ access: ['SG01', '2002'] });
    await screen.findByText('SG01, 2002');
    expect(screen.getByTestId('site-access')).toHaveTextContent(/^SG01, 2002$/);
    expect(screen.queryByText('All sites')).not.toBeInTheDocument();
  });

  it('says All sites for an all-sites user', async () => {
    renderPage({ accessAllSites: true, access: [] });
    await screen.findByText('All sites');
    expect(screen.getByTestId('site-access')).toHaveTextContent(/^All sites$/);
  });

  it('lists member sites and site groups, each with its type', async () => {
    renderPage();
    const siteRow = (await screen.findByRole('cell', { name: 'High Street' })).closest('tr') as HTMLElement;
    expect(within(siteRow).getByRole('cell', { name: '1001' })).toBeInTheDocument();
    expect(within(siteRow).getByRole('cell', { name: 'Site' })).toBeInTheDocument();
    const groupRow = screen.getByRole('cell', { name: 'Acme group' }).closest('tr') as HTMLElement;
    expect(within(groupRow).getByRole('cell', { name: 'SG01' })).toBeInTheDocument();
    expect(within(groupRow).getByRole('cell', { name: 'Site group' })).toBeInTheDocument();
  });

  it('keeps the sites table’s sort in the address (decision 28)', async () => {
    const { user, router } = renderPage({ address: '/account/overview?sort=name&direction=desc' });
    await screen.findByRole('cell', { name: 'High Street' });
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(names()).toEqual(['High Street', 'Acme group']);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Number' }));
    expect(router.state.location.search).toBe('?sort=siteNumber&direction=asc');
    expect(names()).toEqual(['High Street', 'Acme group']);
  });
});
