import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionStore } from '../lib/session';
import { jsonResponse } from '../test/render';
import { renderApp, signInAs } from '../test/render-app';
import { userInfoAnswer } from '../test/user-info';
import { RequireFeature } from './guards';

const EMAIL = 'client@example.com';

const userInfo = (features: string[]) => userInfoAnswer({ email: EMAIL, features });

const signIn = () => signInAs(EMAIL);

describe('routes', () => {
  // Load the lazy route chunks once up front so a cold transform does not eat into findBy timeouts.
  beforeAll(async () => {
    await Promise.all([
      import('../features/identity/sign-in/sign-in-page'),
      import('../features/identity/sign-out-page'),
      import('../features/dashboard/dashboard-page'),
    ]);
  });
  afterEach(() => sessionStore.clear());

  it('sends signed-out users to /signin, which shows the banner and the offer', async () => {
    const { router } = renderApp('/', {
      entries: {
        SignInBannerHeading: 'Planned maintenance',
        SignInBannerBody: 'Sunday 02:00–04:00',
        SignInBannerUrl: 'https://status.example.co.uk/',
      },
    });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    await waitFor(() => expect(document.title).toBe('Sign in | Client Portal'));
    expect(screen.getByText('Planned maintenance')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find out more' })).toHaveAttribute(
      'href',
      'https://status.example.co.uk/',
    );
    for (const offer of ['Manage permits', 'Cancel a ticket', 'Access account information', 'View reports']) {
      expect(screen.getByText(offer)).toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.getByText(/British Parking Association/)).toBeInTheDocument();
  });

  it('drops a banner link that is not a web address', async () => {
    renderApp('/signin', { entries: { SignInBannerHeading: 'Hi', SignInBannerUrl: 'javascript:alert(1)' } });
    expect(await screen.findByText('Hi')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Find out more' })).not.toBeInTheDocument();
  });

  it('shows Page not found for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText("We couldn't find the page that you requested.")).toBeInTheDocument();
  });

  it('redirects clients/* to /', async () => {
    signIn();
    const { router } = renderApp('/clients/old/link', {
      handlers: { '/user/info': () => jsonResponse(userInfo(['Self.View'])) },
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(document.title).toBe('Dashboard | Client Portal'));
  });

  it('shows navbar entries for the features the user holds, and the email', async () => {
    signIn();
    renderApp('/', {
      handlers: {
        '/user/info': () => jsonResponse(userInfo(['Self.View', 'Permits.View', 'Invoicing.Access'])),
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(nav).toHaveTextContent('Permits'));
    expect(nav).toHaveTextContent('Account');
    expect(nav).toHaveTextContent('Invoicing');
    expect(nav).not.toHaveTextContent('Tickets');
    expect(nav).not.toHaveTextContent('Administration');
    expect(screen.getByText(`Signed in as ${EMAIL}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();
  });

  it('shows the admin entry for any admin feature', async () => {
    signIn();
    renderApp('/', { handlers: { '/user/info': () => jsonResponse(userInfo(['Tickets.ReducePeriod'])) } });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(nav).toHaveTextContent('Administration'));
    expect(nav).not.toHaveTextContent('Tickets');
  });

  it('gives a reader of cancelled tickets alone a Tickets entry, leading to their history only', async () => {
    signIn();
    const { router } = renderApp('/', {
      handlers: {
        '/user/info': () => jsonResponse(userInfo(['Self.View', 'Tickets.ViewCancelled'])),
        '/tickets': () => jsonResponse({ rows: [], total: 0, first: null, last: null }),
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const tickets = await within(nav).findByRole('link', { name: 'Tickets' });
    await userEvent.click(tickets);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cancelled tickets' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tickets/cancel');
    expect(screen.queryByRole('textbox', { name: /ticket number/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Cancelled tickets' })).not.toBeInTheDocument();
  });

  it('sends users lacking a page’s feature to /', async () => {
    signIn();
    const appRoutes = [
      { path: '/', element: <p>Home</p> },
      {
        element: <RequireFeature features={['Invoicing.Access']} />,
        children: [{ path: '/invoicing', element: <p>Invoices</p> }],
      },
    ];
    const { router } = renderApp('/invoicing', {
      appRoutes,
      handlers: { '/user/info': () => jsonResponse(userInfo(['Permits.View'])) },
    });
    expect(await screen.findByText('Home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets users holding the feature through', async () => {
    signIn();
    const appRoutes = [
      {
        element: <RequireFeature features={['Invoicing.Access']} />,
        children: [{ path: '/invoicing', element: <p>Invoices</p> }],
      },
    ];
    renderApp('/invoicing', {
      appRoutes,
      handlers: { '/user/info': () => jsonResponse(userInfo(['Invoicing.Access'])) },
    });
    expect(await screen.findByText('Invoices')).toBeInTheDocument();
  });

  it('signs out on /signout', async () => {
    signIn();
    const { router } = renderApp('/signout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(sessionStore.get().isAuthenticated).toBe(false);
  });
});
