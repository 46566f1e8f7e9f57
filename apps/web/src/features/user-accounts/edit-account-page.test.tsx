import type { ApplicationRole, UserAccount } from '@client-portal/contract';
import { screen } from '@testing-library/react';
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

function renderPage(features: string[]) {
  sessionStore.set(sessionFromLogin({ accessToken: 't', refreshToken: 'r', expiresIn: 900 }, 'identity', ME));
  const fetch = async (input: RequestInfo | URL) => {
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
    if (pathname === `/user/accounts/${USER_ID}`) return jsonResponse(account);
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
});
