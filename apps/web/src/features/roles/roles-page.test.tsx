import type { ApplicationRole } from '@client-portal/contract';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionFromLogin, sessionStore } from '../../lib/session';
import { jsonResponse, renderWithProviders, testApiClient } from '../../test/render';
import { userInfoAnswer } from '../../test/user-info';
import { RolesPage } from './roles-page';

const EMAIL = 'admin@operator.example';

// Deliberately out of order: the page sorts by name.
const roles: ApplicationRole[] = [
  { applicationRoleId: 3, name: 'Site Clerk', parentApplicationRoleId: 2, global: true, features: [] },
  { applicationRoleId: 1, name: 'Administrator', parentApplicationRoleId: null, global: true, features: [] },
  { applicationRoleId: 2, name: 'Client Manager', parentApplicationRoleId: 1, global: true, features: [] },
  { applicationRoleId: 4, name: 'Own Desk', parentApplicationRoleId: 1, global: false, features: [] },
];

function renderPage(features: string[], accessAllSites = true, entry = '/admin/user/roles') {
  sessionStore.set(
    sessionFromLogin({ accessToken: 't', refreshToken: 'r', expiresIn: 900 }, 'identity', EMAIL),
  );
  const fetch = async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input));
    if (pathname === '/user/info')
      return jsonResponse(userInfoAnswer({ email: EMAIL, features, accessAllSites }));
    if (pathname === '/application/roles') return jsonResponse(roles);
    return jsonResponse({ title: 'Not Found', status: 404 }, 404);
  };
  const router = createMemoryRouter(
    [
      { path: '/admin/user/roles', element: <RolesPage /> },
      { path: '/admin/user/roles/add', element: <p>add page</p> },
    ],
    { initialEntries: [entry] },
  );
  const utils = renderWithProviders(<RouterProvider router={router} />, {
    api: testApiClient(fetch as typeof globalThis.fetch),
  });
  return { ...utils, router };
}

/** The name cell of each body row, top to bottom. */
const shownNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('RolesPage', () => {
  afterEach(() => sessionStore.clear());

  it('lists roles sorted by name with their parent, and sorts descending on a header click', async () => {
    const { user } = renderPage(['Roles.View']);
    expect(await screen.findByRole('cell', { name: 'Site Clerk' })).toBeInTheDocument();
    expect(shownNames()).toEqual(['Administrator', 'Client Manager', 'Own Desk', 'Site Clerk']);
    const siteClerkRow = screen.getByRole('cell', { name: 'Site Clerk' }).closest('tr') as HTMLElement;
    expect(within(siteClerkRow).getByRole('cell', { name: 'Client Manager' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(shownNames()).toEqual(['Site Clerk', 'Own Desk', 'Client Manager', 'Administrator']);
  });

  it('shows edit and remove links to holders of Roles.Edit and Roles.Remove', async () => {
    renderPage(['Roles.View', 'Roles.Add', 'Roles.Edit', 'Roles.Remove']);
    expect(await screen.findByRole('link', { name: 'Edit Client Manager' })).toHaveAttribute(
      'href',
      '/admin/user/roles/edit/2',
    );
    expect(screen.getByRole('link', { name: 'Remove Client Manager' })).toHaveAttribute(
      'href',
      '/admin/user/roles/remove/2',
    );
    expect(screen.getByRole('link', { name: 'Add role' })).toHaveAttribute('href', '/admin/user/roles/add');
  });

  it('shows only the edit link with Roles.Edit alone', async () => {
    renderPage(['Roles.View', 'Roles.Edit']);
    expect(await screen.findByRole('link', { name: 'Edit Site Clerk' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Remove Site Clerk' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add role' })).not.toBeInTheDocument();
  });

  it('shows only the remove link with Roles.Remove alone', async () => {
    renderPage(['Roles.View', 'Roles.Remove']);
    expect(await screen.findByRole('link', { name: 'Remove Site Clerk' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Site Clerk' })).not.toBeInTheDocument();
  });

  it('shows no action links with Roles.View alone', async () => {
    renderPage(['Roles.View']);
    expect(await screen.findByRole('cell', { name: 'Site Clerk' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^(Edit|Remove) / })).not.toBeInTheDocument();
  });

  it('offers a client user changes to their own client’s roles only, never to global ones', async () => {
    renderPage(['Roles.View', 'Roles.Edit', 'Roles.Remove'], false);
    expect(await screen.findByRole('link', { name: 'Edit Own Desk' })).toHaveAttribute(
      'href',
      '/admin/user/roles/edit/4',
    );
    expect(screen.getByRole('link', { name: 'Remove Own Desk' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Site Clerk' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Remove Site Clerk' })).not.toBeInTheDocument();
    const ownRow = screen.getByRole('cell', { name: 'Own Desk' }).closest('tr') as HTMLElement;
    expect(within(ownRow).getByRole('cell', { name: 'Your organisation' })).toBeInTheDocument();
  });

  it('sends a user without Roles.View to the add page', async () => {
    const { router } = renderPage(['Roles.Add']);
    expect(await screen.findByText('add page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/user/roles/add');
  });

  it('keeps its sort in the address: read on arrival, written on a header click', async () => {
    const { user, router } = renderPage(['Roles.View'], true, '/admin/user/roles?sort=name&direction=desc');
    await screen.findByRole('cell', { name: 'Site Clerk' });
    expect(shownNames()).toEqual(['Site Clerk', 'Own Desk', 'Client Manager', 'Administrator']);
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(router.state.location.search).toBe('?sort=name&direction=asc');
    expect(shownNames()).toEqual(['Administrator', 'Client Manager', 'Own Desk', 'Site Clerk']);
  });

  it('reads an unknown column, a bad direction or a page beyond the rows as the defaults', async () => {
    renderPage(['Roles.View'], true, '/admin/user/roles?sort=password&direction=up&page=9');
    await screen.findByRole('cell', { name: 'Site Clerk' });
    expect(shownNames()).toEqual(['Administrator', 'Client Manager', 'Own Desk', 'Site Clerk']);
    expect(screen.getByText('Showing 1–4 of 4')).toBeInTheDocument();
  });
});
