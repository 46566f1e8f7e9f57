import type { PermitAllowance } from '@client-portal/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { permitAllowanceKeys } from '../../../lib/query-keys';
import { jsonResponse, renderWithProviders, testApiClient, testQueryClient } from '../../../test/render';
import { AllowancesForm } from './allowances-form';

const rows: PermitAllowance[] = [
  { site_SiteGroupNumber: 'SG01', temporaryAllowance: null, permanentAllowance: 20 },
  { site_SiteGroupNumber: '1002', temporaryAllowance: 300, permanentAllowance: 600 },
];

function renderForm(answer: (body: PermitAllowance[]) => Response) {
  const puts: PermitAllowance[][] = [];
  const fetch = async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = JSON.parse(String(init.body)) as PermitAllowance[];
    puts.push(body);
    return answer(body);
  };
  const queryClient = testQueryClient();
  const utils = renderWithProviders(<AllowancesForm rows={rows} />, {
    api: testApiClient(fetch as typeof globalThis.fetch),
    queryClient,
  });
  const saved = () => queryClient.getQueryData(permitAllowanceKeys.of('SG01'));
  return { ...utils, puts, saved };
}

describe('permit allowances form', () => {
  it("shows each allowance's use now beside it", () => {
    renderWithProviders(
      <AllowancesForm
        rows={rows}
        use={[
          { ...rows[0]!, temporaryInUse: 0, permanentInUse: 4 },
          { ...rows[1]!, temporaryInUse: 287, permanentInUse: 1 },
        ]}
      />,
      { api: testApiClient((async () => jsonResponse([])) as typeof globalThis.fetch) },
    );
    const described = (name: string) =>
      document.getElementById(
        screen.getByRole('textbox', { name }).getAttribute('aria-describedby')?.split(' ')[0] ?? '',
      )?.textContent;
    expect(described('Temporary allowance for 1002')).toBe('287 in use now');
    expect(described('Permanent allowance for 1002')).toBe('1 in use now');
    expect(described('Permanent allowance for SG01')).toBe('4 in use now');
  });

  it('shows unlimited as blank and sends blank values as null', async () => {
    const { user, puts, saved } = renderForm((body) => jsonResponse(body));
    const temporary = screen.getByRole('textbox', { name: 'Temporary allowance for 1002' });
    const permanent = screen.getByRole('textbox', { name: 'Permanent allowance for 1002' });
    expect(screen.getByRole('textbox', { name: 'Temporary allowance for SG01' })).toHaveValue('');
    expect(temporary).toHaveValue('300');
    await user.clear(temporary);
    await user.type(temporary, '50');
    await user.clear(permanent);
    await user.click(screen.getByRole('button', { name: 'Save allowances' }));
    expect(await screen.findByText('The permit allowances were saved.')).toBeInTheDocument();
    expect(puts).toEqual([
      [
        { site_SiteGroupNumber: 'SG01', temporaryAllowance: null, permanentAllowance: 20 },
        { site_SiteGroupNumber: '1002', temporaryAllowance: 50, permanentAllowance: null },
      ],
    ]);
    // The stored rows are what the page shows for the group from now on.
    expect(saved()).toEqual(puts[0]);
  });

  it('refuses a negative allowance on its field instead of making it positive, and sends nothing', async () => {
    const { user, puts } = renderForm((body) => jsonResponse(body));
    const temporary = screen.getByRole('textbox', { name: 'Temporary allowance for 1002' });
    await user.clear(temporary);
    await user.type(temporary, '-5');
    expect(temporary).toHaveValue('-5');
    await user.click(screen.getByRole('button', { name: 'Save allowances' }));
    expect(await screen.findByText('The allowance must be at least 0.')).toBeInTheDocument();
    expect(temporary).toHaveAccessibleDescription('The allowance must be at least 0.');
    expect(puts).toEqual([]);
  });

  it('treats a validation refusal as the generic failure', async () => {
    const { user } = renderForm(() =>
      jsonResponse(
        { title: 'Validation failed', status: 400, errors: { '1.temporaryAllowance': ['Too small.'] } },
        400,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save allowances' }));
    expect(await screen.findByText(/Failed to save the permit allowances/)).toBeInTheDocument();
    expect(screen.queryByText('Too small.')).not.toBeInTheDocument();
  });
});
