import type { ColourMode } from '@client-portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session';
import { jsonResponse } from '../../test/render';
import { APP_EMAIL, renderApp, signInAs, userInfoHandler } from '../../test/render-app';
import { userInfoAnswer } from '../../test/user-info';
import { WEBSITE_URL } from './links';

const ASSOCIATION =
  'We are a member of the British Parking Association and take part in its Approved Operator Scheme.';
const REGISTRATION =
  'Client Portal Parking Ltd. Registered in England and Wales, company number 01234567. Registered office: 1 Example Street, London EC1A 1AA.';

describe('chrome', () => {
  beforeAll(async () => {
    await Promise.all([
      import('../../features/identity/sign-in/sign-in-page'),
      import('../../features/identity/reset-password/reset-request-page'),
      import('../../features/dashboard/dashboard-page'),
    ]);
  });
  afterEach(() => sessionStore.clear());

  it('shows the trade-association note and the company registration in the footer', async () => {
    renderApp('/signin');
    await screen.findByRole('heading', { name: 'Sign in' });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(ASSOCIATION)).toBeInTheDocument();
    expect(within(footer).getByText(REGISTRATION)).toBeInTheDocument();
  });

  it('has no Sign in link to itself on the sign-in page', async () => {
    renderApp('/signin');
    await screen.findByRole('heading', { name: 'Sign in' });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Back to website' })).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('offers Back to website and Sign in in the top bar when signed out', async () => {
    renderApp('/reset-password');
    await screen.findByRole('heading', { level: 1 });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Back to website' })).toHaveAttribute(
      'href',
      WEBSITE_URL,
    );
    expect(within(banner).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(within(banner).queryByRole('link', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(within(banner).queryByTestId('signed-in-email')).not.toBeInTheDocument();
  });

  it('shows the email, the account menu and Sign out in the top bar when signed in', async () => {
    signInAs();
    renderApp('/', { handlers: { '/user/info': userInfoHandler(['Self.View']) } });
    // The dashboard greets the user by name (or email) once their info is in.
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await screen.findByText(/^(Hello|Welcome)/);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Back to website' })).toHaveAttribute(
      'href',
      WEBSITE_URL,
    );
    expect(within(banner).getByTestId('signed-in-email')).toHaveTextContent(`Signed in as ${APP_EMAIL}`);
    expect(within(banner).getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/signout');
    expect(within(banner).getByRole('button', { name: 'Account' })).toBeInTheDocument();
    // Help is a link of the top bar on every signed-in page, phones too (issue 24).
    expect(within(banner).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
    expect(within(banner).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    // The footer is on signed-in pages too.
    expect(within(screen.getByRole('contentinfo')).getByText(ASSOCIATION)).toBeInTheDocument();
  });

  it('opens the account menu: the account pages, the colour mode the server remembers, and sign out', async () => {
    signInAs();
    const colourModes: string[] = [];
    let saved: ColourMode | undefined;
    renderApp('/', {
      handlers: {
        '/user/info': () =>
          jsonResponse(
            userInfoAnswer({ email: APP_EMAIL, features: ['Self.View'], colourMode: saved ?? null }),
          ),
        '/user/preferences': (init) => {
          const body = JSON.parse(String(init.body)) as { colourMode: string };
          colourModes.push(`${init.method} ${body.colourMode}`);
          saved = body.colourMode as ColourMode;
          return jsonResponse(body);
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await userEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Account' }));
    const menu = await screen.findByRole('dialog', { name: 'Account' });
    expect(within(menu).getByRole('link', { name: 'Manage account' })).toHaveAttribute('href', '/account');
    expect(within(menu).getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/signout');
    const modes = within(menu).getByRole('radiogroup', { name: 'Colour mode' });
    expect(
      within(modes)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['light', 'dark', 'system']);
    // Nothing picked yet: the spec's rule decides.
    expect(within(modes).getByRole('radio', { name: 'Dark' })).not.toBeChecked();
    // The click shows at once, in the same event (a controlled radio showing the old pick for a moment
    // failed a browser journey that read it then).
    fireEvent.click(within(modes).getByRole('radio', { name: 'Dark' }));
    expect(within(modes).getByRole('radio', { name: 'Dark' })).toBeChecked();
    // The pick is saved for the user (the browser journey sees the page turn dark).
    await waitFor(() => expect(colourModes).toEqual(['PUT dark']));
    expect(within(modes).getByRole('radio', { name: 'Dark' })).toBeChecked();
  });
  it('keeps the latest colour mode picked when the page info asked for after an earlier pick answers late', async () => {
    signInAs();
    let saved: ColourMode | undefined;
    /** The user info asked for after the first pick is saved: answered when the test says. */
    let answerLate: (() => void) | undefined;
    let infoRequests = 0;
    let saveLight: (() => void) | undefined;
    renderApp('/', {
      handlers: {
        '/user/info': () => {
          infoRequests += 1;
          const answer = () =>
            jsonResponse(
              userInfoAnswer({ email: APP_EMAIL, features: ['Self.View'], colourMode: saved ?? null }),
            );
          if (saved !== 'dark' || answerLate) return answer();
          // What the server says now (dark), arriving after the user has picked light.
          const late = answer();
          return new Promise<Response>((resolve) => {
            answerLate = () => resolve(late);
          });
        },
        '/user/preferences': (init) => {
          const colourMode = (JSON.parse(String(init.body)) as { colourMode: ColourMode }).colourMode;
          if (colourMode === 'dark') {
            saved = colourMode;
            return jsonResponse({ colourMode });
          }
          // The second pick is saved when the test says.
          return new Promise<Response>((resolve) => {
            saveLight = () => {
              saved = colourMode;
              resolve(jsonResponse({ colourMode }));
            };
          });
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await userEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Account' }));
    const modes = within(await screen.findByRole('dialog', { name: 'Account' })).getByRole('radiogroup', {
      name: 'Colour mode',
    });
    await userEvent.click(within(modes).getByRole('radio', { name: 'Dark' }));
    await waitFor(() => expect(answerLate).toBeDefined());
    await userEvent.click(within(modes).getByRole('radio', { name: 'Light' }));
    await waitFor(() => expect(saveLight).toBeDefined());
    // The info asked for after the first pick lands while the second is being saved: set aside.
    answerLate!();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(modes).getByRole('radio', { name: 'Light' })).toBeChecked();
    saveLight!();
    await waitFor(() => expect(infoRequests).toBeGreaterThanOrEqual(3));
    expect(within(modes).getByRole('radio', { name: 'Light' })).toBeChecked();
  });
});
