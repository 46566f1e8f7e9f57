import { type PermitRowIssue, permitRefusalMessage, ruleCodes } from '@client-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addPermitMessage } from './add-permit-model';
import { bulkRowMessage } from './bulk-rows';
import { editPermitMessage } from './edit-permit-model';
import { problem, renderPermitsApp } from './permits-test-app';

describe('permit refusals in the browser', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says every code from the contract’s one table, as the server does', () => {
    for (const code of ruleCodes) {
      for (const field of ['vehicleRegistration', 'started', 'duration', 'Allowance']) {
        const issue = { field, code, params: { min: '2026-01-01', max: '2026-02-01', line: 3 } };
        expect(addPermitMessage(issue)).toBe(permitRefusalMessage(issue, 'form'));
        expect(editPermitMessage(issue)).toBe(permitRefusalMessage(issue, 'form'));
        expect(bulkRowMessage(issue)).toBe(permitRefusalMessage(issue, 'upload'));
      }
    }
  });

  it('renders a coded refusal from its code and parameters, not from the English sent beside it', async () => {
    const rows: PermitRowIssue[] = [
      { line: null, field: 'vehicleRegistration', code: 'similarPermit', params: { suggestion: 'AB12CDF' } },
      {
        line: null,
        field: 'Allowance',
        code: 'allowanceExceeded',
        params: { kind: 'temporary', place: 'site group SG01', cap: 3 },
      },
    ];
    const { user } = renderPermitsApp('/permits/add?siteNumber=1001', {
      features: ['Permits.View', 'Permits.Add'],
      handlers: {
        '/permits': () =>
          problem(400, { vehicleRegistration: ['Not these words.'], Allowance: ['Nor these.'] }, rows),
      },
    });
    const registration = await screen.findByRole('textbox', { name: /^Vehicle registration/ });
    await user.type(registration, 'AB12CDE');
    await user.click(screen.getByRole('radio', { name: 'Permanent' }));
    await user.type(screen.getByRole('textbox', { name: /^Driver name/ }), 'Jo Bloggs');
    await user.type(screen.getByRole('textbox', { name: /^Authorised by/ }), 'A. Manager');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    const warning = await screen.findByRole('alert');
    const items = within(warning)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Did you mean AB12CDF? Use it, or tick "Save anyway" to keep the registration.',
      'The temporary permit allowance for site group SG01 (3) would be exceeded.',
      'Your permit allowance has been exceeded. Please contact your client liaison representative on 020 7946 0018 or at support@operator.example to change it.',
    ]);
    expect(items.join(' ')).not.toMatch(/Not these words|Nor these/);
    await waitFor(() => expect(registration).toHaveAccessibleDescription(/Did you mean AB12CDF\?/));
  });
});
