import type { RuntimeConfig } from '@client-portal/contract';
import { act, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeConfigProvider } from '../../../lib/runtime-config';
import { renderWithProviders } from '../../../test/render';
import { SSO_SLOW_MS, SsoPage, SsoWait } from './sso-page';

const oidc: RuntimeConfig['oidc'] = { authority: 'https://idp.test', clientId: 'cp', scope: 'openid' };

function renderSso(search: string) {
  window.history.replaceState(null, '', `/sso${search}`);
  const router = createMemoryRouter(
    [
      { path: '/sso', element: <SsoPage /> },
      { path: '/signin', element: <p>Sign-in page</p> },
    ],
    { initialEntries: [`/sso${search}`] },
  );
  renderWithProviders(
    <RuntimeConfigProvider value={{ apiBaseUrl: '/api', applicationHash: 'x', oidc }}>
      <RouterProvider router={router} />
    </RuntimeConfigProvider>,
  );
  return router;
}

describe('single sign-on return', () => {
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it('changes the wait message after an interval', () => {
    vi.useFakeTimers();
    renderWithProviders(<SsoWait />);
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in, please wait…');
    act(() => vi.advanceTimersByTime(SSO_SLOW_MS));
    expect(screen.getByRole('status')).toHaveTextContent('This is taking longer than usual...');
  });

  it('with no pending answer from the provider, goes to sign-in without a session', async () => {
    const router = renderSso('');
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('shows the no-access message when the provider refused the user', async () => {
    renderSso('?error=access_denied&state=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have access to this application.');
  });
});
