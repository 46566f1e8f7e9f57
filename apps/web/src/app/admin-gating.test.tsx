import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionStore } from '../lib/session';
import { jsonResponse } from '../test/render';
import { renderApp, signInAs, userInfoHandler } from '../test/render-app';

const USER_ID = '00000000-0000-4000-8000-000000000002';

/** Opens `path` as a user holding `features` and waits for the router to settle on the dashboard or the page. */
function open(path: string, features: string[]) {
  signInAs();
  return renderApp(path, {
    handlers: {
      '/user/info': userInfoHandler(features),
      '/application/roles': () => jsonResponse([]),
      '/application/config': () => jsonResponse({ config: {}, expiresIn: 300, version: '2.2.0' }),
    },
  });
}

async function expectSentHome(router: ReturnType<typeof open>['router']) {
  expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/');
}

describe('admin sub-pages are gated by their own feature', () => {
  beforeAll(async () => {
    // Warm the lazy chunks so a cold transform does not eat into findBy timeouts.
    await Promise.all([
      import('../features/dashboard/dashboard-page'),
      import('../features/roles/add-role-page'),
      import('../features/roles/edit-role-page'),
      import('../features/roles/remove-role-page'),
      import('../features/roles/roles-page'),
      import('../features/user-accounts/add-account-page'),
      import('../features/user-accounts/edit-account-page'),
      import('../features/user-accounts/remove-account-page'),
      import('../features/user-accounts/account-audit-page'),
      import('../features/user-accounts/user-accounts-page'),
      import('../features/app-settings/app-setting-page'),
    ]);
  });
  afterEach(() => sessionStore.clear());

  it.each([
    ['/admin/user/accounts/add', ['Users.View', 'Users.Edit', 'Users.Remove', 'Users.ViewHistory']],
    [
      `/admin/user/accounts/edit/${USER_ID}`,
      ['Users.View', 'Users.Add', 'Users.Remove', 'Users.ViewHistory'],
    ],
    [
      `/admin/user/accounts/remove/${USER_ID}`,
      ['Users.View', 'Users.Add', 'Users.Edit', 'Users.ViewHistory'],
    ],
    [`/admin/user/accounts/audit/${USER_ID}`, ['Users.View', 'Users.Add', 'Users.Edit', 'Users.Remove']],
    ['/admin/user/roles/add', ['Roles.View', 'Roles.Edit', 'Roles.Remove']],
    ['/admin/user/roles/edit/3', ['Roles.View', 'Roles.Add', 'Roles.Remove']],
    ['/admin/user/roles/remove/3', ['Roles.View', 'Roles.Add', 'Roles.Edit']],
  ])('sends a user without the page’s feature from %s to /', async (path, features) => {
    const { router } = open(path, features);
    await expectSentHome(router);
  });

  it('sends a user with only Users.View from the add page to /', async () => {
    const { router } = open('/admin/user/accounts/add', ['Users.View']);
    await expectSentHome(router);
  });

  it.each([
    ['/admin/user/accounts/add', 'Users.Add', 'Add user account'],
    [`/admin/user/accounts/edit/${USER_ID}`, 'Users.Edit', 'Edit user account'],
    [`/admin/user/accounts/remove/${USER_ID}`, 'Users.Remove', 'Remove user account'],
    [`/admin/user/accounts/audit/${USER_ID}`, 'Users.ViewHistory', 'Audit history'],
    ['/admin/user/roles/add', 'Roles.Add', 'Add role'],
    ['/admin/user/roles/edit/3', 'Roles.Edit', 'Edit role'],
    ['/admin/user/roles/remove/3', 'Roles.Remove', 'Remove role'],
  ])('opens %s for a holder of %s', async (path, feature, heading) => {
    const { router } = open(path, [feature]);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('takes a user without Users.View from the accounts list to the add page', async () => {
    const { router } = open('/admin/user/accounts', ['Users.Add']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Add user account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/user/accounts/add');
  });

  it('takes a user without Roles.View from the roles list to the add page', async () => {
    const { router } = open('/admin/user/roles', ['Roles.Add']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Add role' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/user/roles/add');
  });
});

describe('app-settings pages are gated by their own feature', () => {
  afterEach(() => sessionStore.clear());

  it.each([
    ['WelcomeMessage', ['Permits.View', 'Permits.Expired']],
    ['LatestNews', ['Application.WelcomeMessage']],
    ['PermanentPermitYears', ['Permits.Expired', 'Tickets.ReducePeriod']],
    ['PermitExpiredDays', ['Permits.PermanentYears']],
    ['TicketReduceDays', ['Permits.Expired']],
    ['System', ['Application.LatestNews', 'Application.WelcomeMessage', 'Users.View']],
  ])('sends a user without the feature from /admin/app-settings/%s to /', async (slug, features) => {
    const { router } = open(`/admin/app-settings/${slug}`, features);
    await expectSentHome(router);
  });

  it('opens the System page for a SysAdmin', async () => {
    const { router } = open('/admin/app-settings/System', ['Application.SysAdmin']);
    expect(await screen.findByRole('heading', { level: 1, name: 'System settings' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/app-settings/System'));
  });
});
