import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionFromLogin, sessionStore } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { AccountLayout } from './account-layout';

function renderLayout() {
  const router = createMemoryRouter(
    [
      {
        path: '/account',
        element: <AccountLayout />,
        children: [{ path: 'overview', element: <p>Page</p> }],
      },
    ],
    { initialEntries: ['/account/overview'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

const signIn = (type: 'identity' | 'msal') =>
  sessionStore.set(
    sessionFromLogin({ accessToken: 't', refreshToken: 'r', expiresIn: 900 }, type, 'a@example.com'),
  );

describe('account layout', () => {
  afterEach(() => sessionStore.clear());

  it('offers password and two-factor links to password (identity) sessions', async () => {
    signIn('identity');
    renderLayout();
    const nav = await screen.findByRole('navigation', { name: 'Account' });
    expect(nav).toHaveTextContent('Overview');
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/account/support');
    expect(screen.getByRole('link', { name: 'Password' })).toHaveAttribute('href', '/account/password');
    expect(screen.getByRole('link', { name: 'Two-factor' })).toHaveAttribute('href', '/account/two-factor');
  });

  it('hides them for single sign-on (msal) sessions', async () => {
    signIn('msal');
    renderLayout();
    await screen.findByRole('navigation', { name: 'Account' });
    expect(screen.queryByRole('link', { name: 'Password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Two-factor' })).not.toBeInTheDocument();
  });
});
