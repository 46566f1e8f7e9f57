import { type ApplicationRole, flagCatalogue, type UserAccountInput } from '@client-portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { emptyAccountForm } from '../account-form-model';
import { AccountForm } from './account-form';

const roles: ApplicationRole[] = [
  {
    applicationRoleId: 3,
    name: 'Site Clerk',
    parentApplicationRoleId: 2,
    global: true,
    features: ['Permits.View', 'Tickets.Cancel'],
  },
  {
    applicationRoleId: 5,
    name: 'Finance Viewer',
    parentApplicationRoleId: 2,
    global: true,
    features: ['Invoicing.Access'],
  },
];
const site = { siteNumber: '1001', name: 'Riverside Retail Park' };
const manager = { viewerAccessAllSites: false, staffEmailDomain: 'operator.example' };
const admin = { viewerAccessAllSites: true, staffEmailDomain: 'operator.example' };

function renderForm(options: {
  context?: typeof manager;
  submit?: (input: UserAccountInput) => Promise<ApiResult<unknown>>;
}) {
  const onSubmit = vi.fn(options.submit ?? (async () => ({ ok: true, status: 201, data: {} }) as const));
  const onSuccess = vi.fn();
  const utils = renderWithProviders(
    <AccountForm
      mode="add"
      initial={{ ...emptyAccountForm, sites: [site] }}
      roles={roles}
      flags={flagCatalogue}
      context={options.context ?? manager}
      onSubmit={onSubmit}
      onSuccess={onSuccess}
      onCancel={() => {}}
    />,
  );
  return { ...utils, onSubmit, onSuccess };
}

describe('AccountForm', () => {
  it('offers flags by the ticked roles, grouped, and sends only the covered ones', async () => {
    const { user, onSubmit, onSuccess } = renderForm({});
    expect(screen.getByText('No feature flags are available for the roles ticked.')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Site Clerk' }));
    expect(screen.getByRole('checkbox', { name: /Ticket action receipts/ })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Permit expiry digest/ })).toBeInTheDocument();
    expect(screen.getByText('Vehicle permits')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Ticket action receipts/ }));
    await user.click(screen.getByRole('checkbox', { name: /Latest news emails/ }));

    // Swapping to a role without ticket features withdraws the ticket flag.
    await user.click(screen.getByRole('checkbox', { name: 'Finance Viewer' }));
    await user.click(screen.getByRole('checkbox', { name: 'Site Clerk' }));
    expect(screen.queryByRole('checkbox', { name: /Ticket action receipts/ })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'new.person@acme.example');
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({
      email: 'new.person@acme.example',
      access: ['1001'],
      accessAllSites: false,
      roles: [5],
      flags: ['LatestNewsEmails'],
    });
  });

  it('refuses to send without a role and shows the message', async () => {
    const { user, onSubmit } = renderForm({});
    await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'new.person@acme.example');
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('Please select at least one role.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows global access only to an all-sites viewer typing a staff address, then hides the sites', async () => {
    const { user, onSubmit } = renderForm({ context: admin });
    const email = screen.getByRole('textbox', { name: /Email address/ });
    await user.type(email, 'someone@acme.example');
    expect(screen.queryByRole('checkbox', { name: /Access to all sites/ })).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'someone@operator.example');
    await user.click(screen.getByRole('checkbox', { name: /Access to all sites/ }));
    expect(screen.queryByText('Riverside Retail Park', { exact: false })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Finance Viewer' }));
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      email: 'someone@operator.example',
      accessAllSites: true,
      roles: [5],
      flags: [],
    });
  });

  it('lists the server validation messages flattened and stays editable', async () => {
    const { user } = renderForm({
      submit: async () => ({
        ok: false,
        status: 400,
        problem: {
          title: 'Bad Request',
          status: 400,
          errors: { email: ['An account with this email address already exists.'], roles: ['Nope.'] },
        },
        error: { name: 'ProblemDetails', message: 'Validation failed' },
      }),
    });
    await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'clerk@acme.example');
    await user.click(screen.getByRole('checkbox', { name: 'Site Clerk' }));
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('An account with this email address already exists.')).toBeInTheDocument();
    expect(screen.getByText('Nope.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add user' })).toBeEnabled();
  });

  it('shows the add-failed message for a failure that is not validation', async () => {
    const { user } = renderForm({
      submit: async () => ({ ok: false, status: 503, error: { name: 'ExceededMaxRetries', message: 'x' } }),
    });
    await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'clerk@acme.example');
    await user.click(screen.getByRole('checkbox', { name: 'Site Clerk' }));
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    expect(
      await screen.findByText('Failed to add the user account. Please try again later.'),
    ).toBeInTheDocument();
  });
});
