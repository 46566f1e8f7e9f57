import type { ApplicationRole } from '@client-portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { refusalReasons } from '../api/remove-role';
import { RoleForm } from './role-form';

const roles: ApplicationRole[] = [
  {
    applicationRoleId: 2,
    name: 'Client Manager',
    parentApplicationRoleId: 1,
    global: true,
    features: ['Permits.View', 'Tickets.Cancel'],
  },
  {
    applicationRoleId: 3,
    name: 'Site Clerk',
    parentApplicationRoleId: 2,
    global: true,
    features: ['Permits.View'],
  },
];

function renderForm(mode: 'add' | 'edit', role?: ApplicationRole) {
  const onSubmit = vi.fn(async () => ({ ok: true as const, status: 200, data: {} }));
  const onSuccess = vi.fn();
  const utils = renderWithProviders(
    <RoleForm
      mode={mode}
      roles={roles}
      role={role}
      fallbackOffered={[]}
      onSubmit={onSubmit}
      onSuccess={onSuccess}
      onCancel={() => {}}
    />,
  );
  return { ...utils, onSubmit, onSuccess };
}

describe('RoleForm', () => {
  it('requires a name and a parent before sending', async () => {
    const { user, onSubmit } = renderForm('add');
    expect(screen.getByText('Choose a parent role to see the features it can give.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add role' }));
    expect(await screen.findByText('Please enter a name.')).toBeInTheDocument();
    expect(await screen.findByText('Please choose a parent role.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('limits the name to 20 characters', () => {
    renderForm('add');
    const name = screen.getByRole('textbox', { name: /Name/ });
    expect(name).toHaveAttribute('maxlength', '20');
  });

  it('offers only the parent role features, grouped by feature group', async () => {
    const { user, onSubmit, onSuccess } = renderForm('add');
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Gate Keeper');
    await user.click(screen.getByRole('combobox', { name: /Parent role/ }));
    await user.click(screen.getByRole('option', { name: 'Client Manager' }));
    expect(screen.getByText('Vehicle permits')).toBeInTheDocument();
    expect(screen.getByText('Parking charge notices')).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    await user.click(screen.getByRole('checkbox', { name: /Cancel tickets/ }));
    await user.click(screen.getByRole('button', { name: 'Add role' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Gate Keeper',
      parentId: '2',
      features: ['Tickets.Cancel'],
    });
  });

  it('shows the parent read-only by name when editing', () => {
    renderForm('edit', roles[1]);
    expect(screen.getByRole('textbox', { name: /Parent role/ })).toHaveValue('Client Manager');
    expect(screen.getByRole('textbox', { name: /Parent role/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: /View permits/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Cancel tickets/ })).not.toBeChecked();
  });
});

describe('refusalReasons', () => {
  it("gives the server's reason for a refused removal", () => {
    const detail = 'This role is held by 2 user account(s).';
    expect(
      refusalReasons({
        ok: false,
        status: 400,
        problem: { title: 'Bad Request', status: 400, detail, errors: { role: [detail] } },
        error: { name: 'ProblemDetails', message: detail },
      }),
    ).toEqual([detail]);
    expect(
      refusalReasons({
        ok: false,
        status: 404,
        problem: { title: 'Not Found', status: 404, detail: 'No such role.' },
        error: { name: 'ProblemDetails', message: 'No such role.' },
      }),
    ).toEqual(['No such role.']);
    expect(refusalReasons({ ok: false, error: { name: 'ExceededMaxRetries', message: 'x' } })).toEqual([]);
  });
});
