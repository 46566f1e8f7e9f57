import type { UserAccountListItem } from '@client-portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionFromLogin, sessionStore } from '../../lib/session';
import { jsonResponse, renderWithProviders, testApiClient } from '../../test/render';
import { userInfoAnswer } from '../../test/user-info';
import { UserAccountsPage } from './user-accounts-page';

const ME = 'manager@acme.example';
const accounts: UserAccountListItem[] = [
  {
    userId: '00000000-0000-4000-8000-000000000001',
    email: ME,
    emailConfirmed: true,
    active: true,
    access: ['SG01'],
    accessAllSites: false,
    roles: [{ applicationRoleId: 2, name: 'Client Manager' }],
  },
  {
    userId: '00000000-0000-4000-8000-000000000002',
    email: 'clerk@acme.example',
    emailConfirmed: true,
    active: true,
    access: ['1001', '1002'],
    accessAllSites: false,
    roles: [
      { applicationRoleId: 3, name: 'Site Clerk' },
      { applicationRoleId: 4, name: 'Permit Officer' },
    ],
  },
  {
    userId: '00000000-0000-4000-8000-000000000003',
    email: 'staff@operator.example',
    emailConfirmed: false,
    active: true,
    access: [],
    accessAllSites: true,
    roles: [],
  },
];

interface Call {
  url: URL;
  signal: AbortSignal | undefined;
}

function renderPage(features: string[], options: { hang?: (call: Call) => boolean; entry?: string } = {}) {
  sessionStore.set(sessionFromLogin({ accessToken: 't', refreshToken: 'r', expiresIn: 900 }, 'identity', ME));
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    if (url.pathname === '/user/info') return jsonResponse(userInfoAnswer({ email: ME, features }));
    const call = { url, signal: init.signal ?? undefined };
    calls.push(call);
    if (options.hang?.(call)) {
      return new Promise<Response>((_resolve, reject) =>
        call.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      );
    }
    // One page, sorted by the server, with the total.
    return jsonResponse({ rows: accounts, total: accounts.length, first: 'f', last: 'l' });
  };
  const router = createMemoryRouter(
    [
      { path: '/admin/user/accounts', element: <UserAccountsPage /> },
      { path: '/admin/user/accounts/add', element: <p>add page</p> },
    ],
    { initialEntries: [options.entry ?? '/admin/user/accounts'] },
  );
  const utils = renderWithProviders(<RouterProvider router={router} />, {
    api: testApiClient(fetch as typeof globalThis.fetch),
  });
  return { ...utils, calls, router };
}

describe('UserAccountsPage', () => {
  afterEach(() => sessionStore.clear());

  it('lists email, sites and roles, with no actions on your own row', async () => {
    renderPage(['Users.View', 'Users.Add', 'Users.Edit', 'Users.Remove']);
    expect(await screen.findByRole('cell', { name: 'clerk@acme.example' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '1001, 1002' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Site Clerk, Permit Officer' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'All sites' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit clerk@acme.example' })).toHaveAttribute(
      'href',
      '/admin/user/accounts/edit/00000000-0000-4000-8000-000000000002',
    );
    expect(screen.getByRole('link', { name: 'Remove clerk@acme.example' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: `Edit ${ME}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: `Remove ${ME}` })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add user' })).toBeInTheDocument();
  });

  it('shows only the actions the features allow', async () => {
    renderPage(['Users.View', 'Users.Edit']);
    expect(await screen.findByRole('link', { name: 'Edit clerk@acme.example' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Remove clerk@acme.example' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add user' })).not.toBeInTheDocument();
  });

  it('sends a user without Users.View to the add page', async () => {
    const { router } = renderPage(['Users.Add']);
    expect(await screen.findByText('add page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/user/accounts/add');
  });

  it('re-fetches once after typing stops, cancelling the request still in flight', async () => {
    const { user, calls } = renderPage(['Users.View'], {
      hang: (call) =>
        call.url.searchParams.get('emailAddress') === null && call.url.searchParams.has('state'),
    });
    await screen.findByRole('cell', { name: 'clerk@acme.example' });
    expect(calls).toHaveLength(1);
    // No filters: the first page by email.
    expect(calls[0]?.url.search).toBe('?sort=email&direction=asc');

    // A state change whose request hangs, then an email typed before it answers.
    await user.click(screen.getByRole('combobox', { name: 'User state' }));
    await user.click(screen.getByRole('option', { name: 'Unconfirmed' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url.searchParams.get('state')).toBe('unconfirmed');

    await user.type(screen.getByRole('searchbox', { name: 'Email address' }), 'staff');
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[1]?.signal?.aborted).toBe(true);
    expect(calls[2]?.url.searchParams.get('emailAddress')).toBe('staff');
    expect(calls[2]?.url.searchParams.get('state')).toBe('unconfirmed');
    // Five keystrokes, one request.
    await new Promise((r) => setTimeout(r, 400));
    expect(calls).toHaveLength(3);
  });

  it('reads its filters and page from the address and writes changes back to it', async () => {
    const { user, calls, router } = renderPage(['Users.View'], {
      entry:
        '/admin/user/accounts?state=unconfirmed&siteNumbers=1001&emailAddress=staff&after=l&page=2&junk=1',
    });
    await screen.findByRole('cell', { name: 'clerk@acme.example' });
    expect(calls[0]?.url.searchParams.get('state')).toBe('unconfirmed');
    expect(calls[0]?.url.searchParams.get('emailAddress')).toBe('staff');
    expect(calls[0]?.url.searchParams.getAll('siteNumbers')).toEqual(['1001']);
    expect(calls[0]?.url.searchParams.get('after')).toBe('l');
    expect(screen.getByRole('combobox', { name: 'User state' })).toHaveValue('Unconfirmed');
    expect(screen.getByRole('searchbox', { name: 'Email address' })).toHaveValue('staff');

    // A new filter starts again at the first page, replacing the history entry.
    await user.click(screen.getByRole('combobox', { name: 'User state' }));
    await user.click(screen.getByRole('option', { name: 'Confirmed' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?state=confirmed&siteNumbers=1001&emailAddress=staff'),
    );
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
