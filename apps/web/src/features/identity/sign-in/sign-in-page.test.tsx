import type { RuntimeConfig } from '@client-portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RuntimeConfigProvider } from '../../../lib/runtime-config';
import { sessionFromLogin, sessionStore } from '../../../lib/session';
import { findFieldMessage, getFieldMessage } from '../../../test/field-message';
import { jsonResponse, renderWithProviders, testApiClient } from '../../../test/render';
import { SignInPage } from './sign-in-page';

const tokens = { accessToken: 'access', refreshToken: 'refresh', expiresIn: 900 };
const refused = (detail: string, status = 401) =>
  jsonResponse({ title: 'Unauthorized', status, detail }, status);

function setup(
  respond: (body: Record<string, unknown>) => Response | Promise<Response>,
  oidc: RuntimeConfig['oidc'] = null,
) {
  const bodies: Record<string, unknown>[] = [];
  const fetch = async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = JSON.parse(String(init.body));
    bodies.push(body);
    return respond(body);
  };
  const router = createMemoryRouter(
    [
      { path: '/signin', element: <SignInPage /> },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: ['/signin'] },
  );
  const utils = renderWithProviders(
    <RuntimeConfigProvider value={{ apiBaseUrl: '/api', applicationHash: 'x', oidc }}>
      <RouterProvider router={router} />
    </RuntimeConfigProvider>,
    { api: testApiClient(fetch as typeof globalThis.fetch) },
  );
  return { ...utils, bodies, router };
}

async function fill(
  user: ReturnType<typeof setup>['user'],
  email = 'Client@Example.com',
  password = 'Secret1!',
) {
  await user.type(screen.getByLabelText(/Email address/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignInPage', () => {
  afterEach(() => sessionStore.clear());

  it('posts the credentials, stores the session and goes to /', async () => {
    const { user, bodies, router } = setup(() => jsonResponse(tokens));
    await fill(user);
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(bodies).toEqual([{ email: 'Client@Example.com', password: 'Secret1!' }]);
    expect(sessionStore.get()).toMatchObject({
      isAuthenticated: true,
      type: 'identity',
      accessToken: 'access',
      account: { email: 'client@example.com' },
    });
  });

  it.each([
    ['Failed', 'Incorrect email address or password.'],
    ['NotAllowed', 'Your email address is not confirmed yet. Follow the link in your invitation email'],
    ['LockedOut', 'Your user account is locked.'],
  ])('shows the message for %s', async (detail, message) => {
    const { user } = setup(() => refused(detail));
    await fill(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(sessionStore.get().isAuthenticated).toBe(false);
  });

  it.each([
    ['the API cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['sign-in is rate limited', () => refused('TooManyAttempts', 429)],
  ])('says sign-in is unavailable when %s', async (_name, respond) => {
    const { user } = setup(respond);
    await fill(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign in is currently unavailable. Please try again in a few minutes.',
    );
  });

  it('disables the form while submitting', async () => {
    let release: (r: Response) => void = () => {};
    const { user } = setup(() => new Promise<Response>((resolve) => (release = resolve)));
    await fill(user);
    expect(screen.getByRole('button', { name: /Signing in/ })).toBeDisabled();
    expect(screen.getByLabelText(/Email address/)).toBeDisabled();
    release(refused('Failed'));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email address/)).toBeEnabled();
  });

  it('validates before sending', async () => {
    const { user, bodies } = setup(() => jsonResponse({}));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await findFieldMessage('Please enter your email address.')).toBeInTheDocument();
    expect(getFieldMessage('Please enter your password.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email address/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await findFieldMessage('Please enter a valid email address.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('asks for the two-factor code and sends it with the credentials', async () => {
    const { user, bodies } = setup((body) =>
      body.code ? jsonResponse(tokens) : refused('RequiresTwoFactor'),
    );
    await fill(user);
    const code = await screen.findByLabelText(/Authentication code/);
    // The step changed: focus is on its heading, and an invalid submit moves it to the code field.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Two-factor authentication', level: 1 })).toHaveFocus(),
    );
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(code).toHaveFocus());
    expect(await findFieldMessage('Please enter the code.')).toBeInTheDocument();
    await user.type(code, 'abc');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await findFieldMessage('The code must be numeric.')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(bodies[1]).toEqual({ email: 'Client@Example.com', password: 'Secret1!', code: '123456' });
  });

  it('accepts a recovery code, and goes back to the credentials when the code is refused', async () => {
    const { user, bodies } = setup((body) => refused(body.code ? 'Failed' : 'RequiresTwoFactor'));
    await fill(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText(/Recovery code/), '12345-67890');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email address or password.');
    expect(screen.getByLabelText(/Email address/)).toHaveValue('Client@Example.com');
    expect(bodies[1]).toMatchObject({ code: '12345-67890' });
  });

  it('keeps the user on the code step with a message on the code when the code is wrong', async () => {
    const { user, bodies } = setup((body) =>
      body.code
        ? jsonResponse(
            { title: 'Unauthorized', status: 401, detail: 'RequiresTwoFactor', errors: { code: ['Wrong'] } },
            401,
          )
        : refused('RequiresTwoFactor'),
    );
    await fill(user);
    await user.type(await screen.findByLabelText(/Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const field = await screen.findByLabelText(/Authentication code/);
    expect(await screen.findByText(/That code is not correct/)).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(/That code is not correct/);
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(bodies[1]).toMatchObject({ email: 'Client@Example.com', password: 'Secret1!', code: '123456' });
  });

  it('offers single sign-on only when the deployment names a provider', async () => {
    setup(() => jsonResponse(tokens));
    await screen.findByLabelText(/Email address/);
    expect(screen.queryByRole('button', { name: 'Sign in with your organisation account' })).toBeNull();
  });

  it('shows the single sign-on button with a provider configured', async () => {
    setup(() => jsonResponse(tokens), { authority: 'https://idp.test', clientId: 'cp', scope: 'openid' });
    expect(
      await screen.findByRole('button', { name: 'Sign in with your organisation account' }),
    ).toBeInTheDocument();
  });

  it('sends an already signed-in user on to /', async () => {
    sessionStore.set(sessionFromLogin(tokens, 'identity', 'client@example.com'));
    const { router } = setup(() => jsonResponse(tokens));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
