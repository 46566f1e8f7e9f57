import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SignInPage } from '../../features/identity/sign-in/sign-in-page';
import { currentLanguage } from '../../i18n';
import { PRERENDERED_ID, takeOverPrerendered } from '../../lib/prerender';
import { sessionStore } from '../../lib/session';
import { jsonResponse, TestProviders, testApiClient } from '../../test/render';
import { renderSignInShell } from './sign-in-shell';

/** The served page: the build's copy, and the app's root hidden beside it. */
function servePrerendered() {
  const copy = document.createElement('div');
  copy.id = PRERENDERED_ID;
  copy.innerHTML = renderSignInShell().html;
  const root = document.createElement('div');
  root.id = 'root';
  root.hidden = true;
  document.body.append(copy, root);
  return { copy, root };
}

describe('the prerendered sign-in page', () => {
  afterEach(() => {
    sessionStore.clear();
    document.body.innerHTML = '';
  });

  it('is the sign-in form of the app with its title, and its button cannot send', () => {
    const page = renderSignInShell();
    expect(page.title).toBe('Sign in | Client Portal');
    const { copy } = servePrerendered();
    const form = within(copy);
    expect(form.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(form.getByLabelText(/Email address/)).toHaveAttribute('name', 'email');
    expect(form.getByLabelText(/^Password/)).toHaveAttribute('name', 'password');
    expect(form.getByRole('link', { name: 'Forgotten your password?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    // Implicit submission (Enter) does nothing when the default button is disabled.
    expect(form.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  });

  it('is drawn in Welsh too, for a browser whose language is Welsh (decision 53)', () => {
    const page = renderSignInShell('cy');
    expect(page.title).toBe('Mewngofnodi | Client Portal');
    const copy = document.createElement('div');
    copy.innerHTML = page.html;
    document.body.append(copy);
    const form = within(copy);
    expect(form.getByRole('heading', { level: 1, name: 'Mewngofnodi' })).toBeInTheDocument();
    expect(form.queryByText('Sign in')).not.toBeInTheDocument();
    // Drawing it leaves the app's own language as it was.
    expect(currentLanguage()).toBe('en');
  });

  it('hands what the user typed, and the focus, to the app, whose form then sends it', async () => {
    const { copy, root } = servePrerendered();
    const user = userEvent.setup();
    await user.type(within(copy).getByLabelText(/Email address/), 'early@example.com');
    await user.type(within(copy).getByLabelText(/^Password/), 'Typed1!');
    const bodies: unknown[] = [];
    const api = testApiClient((async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      bodies.push(JSON.parse(String(init.body)));
      return jsonResponse({ title: 'Unauthorized', status: 401, detail: 'Failed' }, 401);
    }) as typeof fetch);
    const router = createMemoryRouter([{ path: '/signin', element: <SignInPage /> }], {
      initialEntries: ['/signin'],
    });
    // The page takes over its copy as it renders (lib/prerender, PrerenderTakeOver).
    render(<RouterProvider router={router} />, {
      container: root,
      wrapper: ({ children }) => <TestProviders api={api}>{children}</TestProviders>,
    });

    expect(document.getElementById(PRERENDERED_ID)).toBeNull();
    expect(root.hidden).toBe(false);
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveValue('Typed1!');
    expect(password).toHaveFocus();
    expect(screen.getByLabelText(/Email address/)).toHaveValue('early@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Incorrect email address or password.')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'early@example.com', password: 'Typed1!' }]);
  });

  it('keeps the focus of a keyboard user who had tabbed to a link', async () => {
    const { copy, root } = servePrerendered();
    within(copy).getByRole('link', { name: 'Forgotten your password?' }).focus();
    const router = createMemoryRouter([{ path: '/signin', element: <SignInPage /> }], {
      initialEntries: ['/signin'],
    });
    render(<RouterProvider router={router} />, { container: root, wrapper: TestProviders });
    expect(screen.getByRole('link', { name: 'Forgotten your password?' })).toHaveFocus();
  });

  it('does nothing when the page was not served prerendered', () => {
    const root = document.createElement('div');
    root.hidden = true;
    takeOverPrerendered(root);
    expect(root.hidden).toBe(true);
  });
});
