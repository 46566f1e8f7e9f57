import { addIsoDays, ukToday } from '@client-portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppConfigProvider } from '../../lib/app-config-context';
import { sessionFromLogin, sessionStore } from '../../lib/session';
import { jsonResponse, renderWithProviders, testApiClient } from '../../test/render';
import { userInfoAnswer } from '../../test/user-info';
import { showsPermitCounters } from './components/permit-counters';
import { DashboardPage } from './dashboard-page';

const EMAIL = 'clerk@example.com';
const counts: Record<string, number> = { current: 12, expired: 3, expiringSoon: 2, upcoming: 4 };
const recentActions = [
  {
    timestamp: '2026-11-26T09:30:00.000Z',
    description: 'Cancelled the site permit 42 for AB12CDE at 1001 before it started.',
  },
];

const visitorSummary = { links: 2, today: 7, active: 5, awaiting: 1 };

function renderDashboard(
  info: ReturnType<typeof userInfoAnswer>,
  entries: Record<string, string> = {},
  visitors = visitorSummary,
) {
  sessionStore.set(
    sessionFromLogin({ accessToken: 't', refreshToken: 'r', expiresIn: 900 }, 'identity', EMAIL),
  );
  const countRequests: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    if (url.pathname === '/user/info') return jsonResponse(info);
    if (url.pathname === '/user/recent-actions') return jsonResponse(recentActions);
    if (url.pathname === '/tickets/list') {
      const total = url.searchParams.get('covered') === 'true' ? 2 : 9;
      return jsonResponse({ rows: [], total, first: null, last: null });
    }
    if (url.pathname === '/tickets/allowances') {
      return jsonResponse([
        {
          siteNumber: '1001',
          siteName: 'Riverside',
          usedSettlements: 1,
          allocatedSettlements: null,
          usedCancellations: 3,
          allocatedCancellations: 40,
        },
      ]);
    }
    if (url.pathname === '/permits/visitor-summary') {
      countRequests.push('visitor-summary');
      return jsonResponse(visitors);
    }
    if (url.pathname === '/permits/_count') {
      const state = url.searchParams.get('state') ?? '';
      countRequests.push(state);
      return jsonResponse({ count: counts[state] });
    }
    return jsonResponse({ title: 'Not Found', status: 404 }, 404);
  };
  const router = createMemoryRouter([{ path: '/', element: <DashboardPage /> }]);
  const config = { entries, expiresAt: Date.now() + 300_000, expiresIn: 300, version: '2.2.0' };
  renderWithProviders(
    <AppConfigProvider initial={config}>
      <RouterProvider router={router} />
    </AppConfigProvider>,
    { api: testApiClient(fetch as typeof globalThis.fetch) },
  );
  return { countRequests };
}

describe('permit counters', () => {
  afterEach(() => sessionStore.clear());

  it('are for users without all-sites access who hold Permits.View', () => {
    const info = (features: string[], accessAllSites = false) => ({
      featureNames: features,
      accessAllSites,
    });
    expect(showsPermitCounters(info(['Permits.View']))).toBe(true);
    expect(showsPermitCounters(info(['Permits.View'], true))).toBe(false);
    expect(showsPermitCounters(info(['Permits.Add']))).toBe(false);
    expect(showsPermitCounters(undefined)).toBe(false);
  });

  it('show the four counts, each linking to the permit list in its state', async () => {
    renderDashboard(userInfoAnswer({ email: EMAIL, features: ['Permits.View'] }));
    expect(await screen.findByTestId('counter-current-value')).toHaveTextContent('12');
    expect(await screen.findByTestId('counter-expired-value')).toHaveTextContent('3');
    expect(await screen.findByTestId('counter-expiringSoon-value')).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: /Active permits/ })).toHaveAttribute(
      'href',
      '/permits?state=current',
    );
    expect(screen.getByRole('link', { name: /Expired permits/ })).toHaveAttribute(
      'href',
      '/permits?state=expired',
    );
    expect(screen.getByRole('link', { name: /Ending in the next 7 days/ })).toHaveAttribute(
      'href',
      '/permits?state=expiringSoon',
    );
    // Upcoming permits count against allowances: counted where the user sees them.
    expect(await screen.findByTestId('counter-upcoming-value')).toHaveTextContent('4');
    expect(screen.getByRole('link', { name: /Upcoming permits/ })).toHaveAttribute(
      'href',
      '/permits?state=upcoming',
    );
  });

  it('shows the open charges of the last 28 days and how many a permit covered, each a link to that list', async () => {
    renderDashboard(userInfoAnswer({ email: EMAIL, features: ['Permits.View', 'Tickets.Cancel'] }));
    const open = await screen.findByRole('link', { name: /Open charges issued in the last 28 days\s*9/ });
    const from = addIsoDays(ukToday(), -27);
    expect(open).toHaveAttribute('href', `/tickets/list?status=open&from=${from}`);
    const covered = screen.getByRole('link', { name: /of which a permit covered the vehicle\s*2/ });
    expect(covered).toHaveAttribute('href', `/tickets/list?status=open&from=${from}&covered=true`);
    const row = await screen.findByRole('row', { name: /1001 – Riverside/ });
    expect(row).toHaveTextContent('3 / 40');
    expect(row).toHaveTextContent('1 (No limit)');
  });

  it('shows visitor permits added today and active now to a user who adds permits at a visitor link', async () => {
    renderDashboard(userInfoAnswer({ email: EMAIL, features: ['Permits.View', 'Permits.Add'] }));
    const section = await screen.findByRole('region', { name: 'Visitors who registered themselves' });
    expect(await screen.findByTestId('visitors-today')).toHaveTextContent('7');
    expect(screen.getByTestId('visitors-active')).toHaveTextContent('5');
    expect(screen.getByTestId('visitors-awaiting')).toHaveTextContent('1');
    expect(screen.getByRole('link', { name: /Visitor permits added today\s*7/ })).toHaveAttribute(
      'href',
      '/visitor-links',
    );
    expect(section).toBeInTheDocument();
  });

  it('shows no visitor figures without visitor links, nor to a user who does not add permits', async () => {
    const { countRequests } = renderDashboard(
      userInfoAnswer({ email: EMAIL, features: ['Permits.View', 'Permits.Add'] }),
      {},
      { ...visitorSummary, links: 0 },
    );
    await waitFor(() => expect(countRequests).toContain('visitor-summary'));
    await screen.findByTestId('counter-current-value');
    await waitFor(() => expect(screen.queryByLabelText('Loading…')).not.toBeInTheDocument());
    expect(screen.queryByTestId('visitors-today')).not.toBeInTheDocument();
  });

  it('shows no charges to a user without ticket features', async () => {
    renderDashboard(userInfoAnswer({ email: EMAIL, features: ['Permits.View'] }));
    await screen.findByTestId('counter-current-value');
    expect(screen.queryByTestId('charges-open')).not.toBeInTheDocument();
  });

  it('greets the user by the name in their address and lists their recent actions', async () => {
    sessionStore.clear();
    renderDashboard(userInfoAnswer({ email: EMAIL, features: ['Permits.View'] }));
    expect(
      await screen.findByText('Hello, Clerk. You are signed in as clerk@example.com.'),
    ).toBeInTheDocument();
    const recent = await screen.findByRole('region', { name: 'Your recent actions' });
    expect(recent).toHaveTextContent('Cancelled the site permit 42 for AB12CDE at 1001 before it started.');
  });

  it('are neither shown nor fetched for all-sites users', async () => {
    const { countRequests } = renderDashboard(
      userInfoAnswer({ email: EMAIL, features: ['Permits.View'], accessAllSites: true }),
      { WelcomeMessage: 'Hello all' },
    );
    expect(await screen.findByTestId('welcome-message')).toHaveTextContent('Hello all');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('counter-current')).not.toBeInTheDocument();
    expect(countRequests).toEqual([]);
  });
});

describe('dashboard', () => {
  afterEach(() => sessionStore.clear());

  it('shows the welcome message, the latest news and both campaign images', async () => {
    renderDashboard(userInfoAnswer({ email: EMAIL, features: [] }), {
      WelcomeMessage: 'Welcome back!',
      LatestNewsMessageHeading: 'New car park',
      LatestNewsMessageDate: '3 March 2025',
      LatestNewsMessageBody: 'We now run the car park at the station.',
      LatestNewsMessageUrl: 'https://www.example.com/news/station',
    });
    expect(await screen.findByTestId('welcome-message')).toHaveTextContent('Welcome back!');
    const news = screen.getByTestId('latest-news');
    expect(news).toHaveTextContent('New car park');
    expect(news).toHaveTextContent('3 March 2025');
    expect(news).toHaveTextContent('We now run the car park at the station.');
    expect(screen.getByRole('link', { name: 'Read more' })).toHaveAttribute(
      'href',
      'https://www.example.com/news/station',
    );
    expect(screen.getByRole('img', { name: /Refer a friend/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /On the go/ })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Dashboard | Client Portal'));
  });

  it('leaves out the news card when there is no news', async () => {
    renderDashboard(userInfoAnswer({ email: EMAIL }));
    expect(await screen.findByRole('img', { name: /Refer a friend/ })).toBeInTheDocument();
    expect(screen.queryByTestId('latest-news')).not.toBeInTheDocument();
  });
});
