import type { ApplicationRole, UserAccount } from '@client-portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionFromLogin, sessionStore } from '../../lib/session';
import { jsonResponse, renderWithProviders, testApiClient } from '../../test/render';
import { userInfoAnswer } from '../../test/user-info';
import { EditAccountPage } from './edit-account-page';

const ME = 'manager@acme.example';
const USER_ID = '00000000-0000-4000-8000-000000000002';

const account: UserAccount = {
  userId: USER_ID,
  email: 'clerk@acme.example',
  emailConfirmed: true,
  active: true,
  access: ['1001'],
  accessAllSites: false,
  roles: [3],
  flags: [],
};
const roles: ApplicationRole[] = [
  { applicationRoleId: 3, name: 'Site Clerk', parentApplicationRoleId: null, global: true, features: [] },
];

function renderPage(features: string[], changes: unknown[] = []) {
  let current = { ...account };
  sessionStore.set(sessionFromLogin({ accessToken: 't', refreshToken: 'r', expiresIn: 900 }, 'identity', ME));
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(String(input));
    if (pathname === '/user/info') {
      return jsonResponse(
        userInfoAnswer({
          email: ME,
          features,
          access: ['1001'],
          sites: [{ siteNumber: '1001', name: 'High St' }],
        }),
      );
    }
    if (pathname === `/user/accounts/${USER_ID}`) return jsonResponse(current);
    if (pathname === `/user/accounts/${USER_ID}/active`) {
      const body = JSON.parse(String(init?.body)) as { active: boolean };
      changes.push([init?.method, body]);
      current = { ...current, active: body.active };
      return jsonResponse(current);
    }
    if (pathname === '/application/roles') return jsonResponse(roles);
    return jsonResponse({ title: 'Not Found', status: 404 }, 404);
  };
  const router = createMemoryRouter(
    [{ path: '/admin/user/accounts/edit/:userId', element: <EditAccountPage /> }],
    {
      initialEntries: [`/admin/user/accounts/edit/${USER_ID}`],
    },
  );
  return renderWithProviders(<RouterProvider router={router} />, {
    api: testApiClient(fetch as typeof globalThis.fetch),
  });
}

describe('EditAccountPage', () => {
  afterEach(() => sessionStore.clear());

  it('links to the audit history for holders of Users.ViewHistory', async () => {
    renderPage(['Users.Edit', 'Users.ViewHistory']);
    expect(await screen.findByRole('link', { name: 'Audit history' })).toHaveAttribute(
      'href',
      `/admin/user/accounts/audit/${USER_ID}`,
    );
  });

  it('hides the audit history link without Users.ViewHistory', async () => {
    renderPage(['Users.Edit']);
    // The form is loaded (its email filled in) before the link's absence means anything.
    expect(await screen.findByDisplayValue('clerk@acme.example')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Audit history' })).not.toBeInTheDocument();
  });

  it('deactivates the account after a question, then activates it again', async () => {
    const changes: unknown[] = [];
    renderPage(['Users.Edit'], changes);
    const section = await screen.findByRole('region', { name: 'Sign-in' });
    await userEvent.click(within(section).getByRole('button', { name: 'Deactivate account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate account' });
    expect(dialog).toHaveTextContent('Deactivate clerk@acme.example?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText('clerk@acme.example was deactivated: it is signed out and cannot sign in.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Deactivated')).toBeInTheDocument();
    await userEvent.click(await within(section).findByRole('button', { name: 'Activate account' }));
    expect(
      await screen.findByText('clerk@acme.example was activated: it can sign in again.'),
    ).toBeInTheDocument();
    expect(changes).toEqual([
      ['PUT', { active: false }],
      ['PUT', { active: true }],
    ]);
  });
});
