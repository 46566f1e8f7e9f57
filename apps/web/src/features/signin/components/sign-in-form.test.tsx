import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { jsonResponse, renderWithProviders, testApiClient } from '../../../test/render';
import { SignInForm } from './sign-in-form';

function setup(respond: (body: unknown) => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  const fetch = async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = JSON.parse(String(init.body));
    bodies.push(body);
    return respond(body);
  };
  const onSignedIn = vi.fn();
  const utils = renderWithProviders(<SignInForm onSignedIn={onSignedIn} />, {
    api: testApiClient(fetch as typeof globalThis.fetch),
  });
  return { ...utils, bodies, onSignedIn };
}

async function fill(
  user: ReturnType<typeof setup>['user'],
  email = 'Client@Example.com',
  password = 'Secret1!',
) {
  await user.type(screen.getByLabelText(/Email address/), email);
  await user.type(screen.getByLabelText(/Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignInForm', () => {
  afterEach(() => sessionStore.clear());

  it('posts the credentials and stores the session', async () => {
    const { user, bodies, onSignedIn } = setup(() =>
      jsonResponse({ accessToken: 'access', refreshToken: 'refresh', expiresIn: 900 }),
    );
    await fill(user);
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
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
    ['NotAllowed', 'Incorrect email address or password.'],
    ['LockedOut', 'Your user account is locked.'],
  ])('shows the message for %s', async (detail, message) => {
    const { user } = setup(() => jsonResponse({ title: 'Unauthorized', status: 401, detail }, 401));
    await fill(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(sessionStore.get().isAuthenticated).toBe(false);
  });

  it('says sign-in is unavailable when the API cannot be reached', async () => {
    const { user } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
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
    release(jsonResponse({ title: 'Unauthorized', status: 401, detail: 'Failed' }, 401));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('validates before sending, showing messages after a short delay', async () => {
    const { user, bodies } = setup(() => jsonResponse({}));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email address/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});
