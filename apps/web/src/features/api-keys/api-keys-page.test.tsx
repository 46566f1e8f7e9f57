import { type ApiKey, type ApiKeyPage, addIsoDays, ukToday } from '@client-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session';
import { jsonResponse } from '../../test/render';
import { APP_EMAIL, renderApp, signInAs } from '../../test/render-app';
import { userInfoAnswer } from '../../test/user-info';

const key: ApiKey = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-001122334455',
  name: 'Night-shift rota',
  hint: 'cp_live_…Ab3d',
  companyName: 'Acme Retail',
  createdBy: APP_EMAIL,
  features: ['Permits.Add', 'Permits.View'],
  access: ['1001'],
  createdAt: '2026-11-27T09:00:00.000Z',
  expiresAt: '2027-02-26T00:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  state: 'active',
  scim: null,
};
const pageOf = (rows: ApiKey[]): ApiKeyPage => ({ rows, total: rows.length, first: null, last: null });

const manager = () =>
  jsonResponse(
    userInfoAnswer({
      email: APP_EMAIL,
      features: ['Users.Add', 'Permits.View', 'Permits.Add', 'Tickets.Cancel'],
      access: ['1001', '1002'],
      sites: [
        { siteNumber: '1001', name: 'Riverside Retail Park' },
        { siteNumber: '1002', name: 'Harbour Point' },
      ],
    }),
  );

describe('the API keys pages', () => {
  afterEach(() => sessionStore.clear());

  it('lists the keys with the filter in the address, and revokes one after asking', async () => {
    signInAs();
    let rows = [key];
    const revoked: string[] = [];
    const { router, requests } = renderApp('/admin/api-keys?state=active', {
      handlers: {
        '/user/info': manager,
        '/api-keys': () => jsonResponse(pageOf(rows)),
        [`/api-keys/${key.id}/revoke`]: (init) => {
          revoked.push(String(init.method));
          rows = [{ ...key, state: 'revoked', revokedAt: '2026-11-27T10:00:00.000Z' }];
          return jsonResponse(rows[0]);
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'API keys' });
    const row = await screen.findByRole('row', { name: /Night-shift rota/ });
    expect(row).toHaveTextContent('cp_live_…Ab3d');
    expect(row).toHaveTextContent('Never');
    // Works until the last day chosen: the key stops at the midnight that ends 25 February.
    expect(row).toHaveTextContent('25/02/2027');
    expect(row).toHaveTextContent('Permits.Add, Permits.View');
    expect(requests.some((r) => r.path === '/api-keys')).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('Active');

    await userEvent.click(within(row).getByRole('button', { name: 'Revoke the API key Night-shift rota' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('The API key Night-shift rota was revoked.')).toBeInTheDocument();
    expect(revoked).toEqual(['POST']);
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /Night-shift rota/ })).toHaveTextContent('Revoked'),
    );
    expect(router.state.location.search).toBe('?state=active');
  });

  it('creates a key within the manager’s features and sites and shows it once', async () => {
    signInAs();
    let sent: unknown;
    const { router } = renderApp('/admin/api-keys/add', {
      handlers: {
        '/user/info': manager,
        '/api-keys': (init) => {
          if (init.method !== 'POST') return jsonResponse(pageOf([]));
          sent = JSON.parse(String(init.body));
          return jsonResponse({ ...key, key: 'cp_live_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG' }, 201);
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Create API key' });
    // Only the features a key may hold that the manager holds are offered (Users.Add: SCIM only).
    const features = screen.getByRole('group', { name: /What it may do/ });
    expect(
      within(features)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value'))
        .sort(),
    ).toEqual(['Permits.Add', 'Permits.View', 'Tickets.Cancel', 'Users.Add']);
    // The SCIM mapping is asked only once Users.Add is chosen.
    expect(screen.queryByRole('group', { name: /Accounts from your directory/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(
      await screen.findByText('Please enter a name.', { selector: 'a, li, p, div' }),
    ).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Night-shift rota');
    await userEvent.click(within(features).getByRole('checkbox', { name: 'Add a permit' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '1001 Riverside Retail Park' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your new API key' })).toBeInTheDocument();
    expect(screen.getByTestId('created-api-key')).toHaveTextContent(
      'cp_live_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    );
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    expect(sent).toEqual({
      name: 'Night-shift rota',
      expiresOn: addIsoDays(ukToday(), 90),
      features: ['Permits.Add'],
      access: ['1001'],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Back to API keys' }));
    expect(router.state.location.pathname).toBe('/admin/api-keys');
    await screen.findByRole('heading', { level: 1, name: 'API keys' });
    expect(screen.queryByText(/cp_live_abcdefghij/)).not.toBeInTheDocument();
  });

  it('asks a Users.Add key for its SCIM mapping: a role, and sites among the key’s own', async () => {
    signInAs();
    let sent: unknown;
    renderApp('/admin/api-keys/add', {
      handlers: {
        '/user/info': manager,
        '/application/roles': () =>
          jsonResponse([
            {
              applicationRoleId: 7,
              name: 'Night clerk',
              parentApplicationRoleId: null,
              features: ['Permits.View'],
              global: true,
            },
          ]),
        '/api-keys': (init) => {
          if (init.method !== 'POST') return jsonResponse(pageOf([]));
          sent = JSON.parse(String(init.body));
          return jsonResponse(
            {
              ...key,
              features: ['Users.Add'],
              scim: { roleId: 7, roleName: 'Night clerk', access: ['1001'] },
              key: 'cp_live_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
            },
            201,
          );
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Create API key' });
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Entra ID');
    const features = screen.getByRole('group', { name: /What it may do/ });
    await userEvent.click(within(features).getByRole('checkbox', { name: 'Add user accounts' }));
    const scim = await screen.findByRole('group', { name: /Accounts from your directory/ });
    expect(within(scim).getByText('Choose the key’s sites and groups first.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(
      await screen.findByText('Please choose the role of the accounts the key adds.', {
        selector: 'a, li, p, div',
      }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: '1001 Riverside Retail Park' }));
    await userEvent.click(within(scim).getByRole('checkbox', { name: '1001 Riverside Retail Park' }));
    await userEvent.click(within(scim).getByRole('combobox', { name: /Role of the accounts/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Night clerk' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your new API key' })).toBeInTheDocument();
    expect(sent).toEqual({
      name: 'Entra ID',
      expiresOn: addIsoDays(ukToday(), 90),
      features: ['Users.Add'],
      access: ['1001'],
      scimRoleId: 7,
      scimAccess: ['1001'],
    });
  });
});
