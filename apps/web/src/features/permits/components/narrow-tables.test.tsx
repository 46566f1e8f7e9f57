import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actAsPhone } from '../../../test/phone';
import { renderWithProviders } from '../../../test/render';
import { CoveredTickets } from './covered-tickets';
import { PermitHistoryTable } from './permit-history-table';

describe('the permit pages on a phone', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the history as cards, every change with when, who, field, from and to', () => {
    actAsPhone();
    renderWithProviders(
      <PermitHistoryTable
        history={{
          total: 1,
          events: [
            {
              kind: 'edited',
              field: 'driverName',
              from: 'Ann',
              to: 'Anna',
              by: 'clerk@acme.example',
              at: '2026-11-22T17:53:00Z',
            },
          ],
        }}
      />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(card).toHaveTextContent(
      'When22/11/2026 17:53Whoclerk@acme.exampleWhatEditedFieldDriver nameFromAnnToAnna',
    );
  });

  it('shows covered tickets as cards with their status', () => {
    actAsPhone();
    renderWithProviders(
      <CoveredTickets
        covered={{
          more: false,
          tickets: [
            {
              ticketNumber: 'T100',
              siteNumber: '1001',
              vehicleRegistration: 'AB12CDE',
              violationDate: '2026-11-20T09:00:00Z',
              permitId: 1,
            },
          ],
        }}
      />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(card).toHaveTextContent('T100');
    expect(card).toHaveTextContent('Violation20/11/2026 09:00');
    expect(card).toHaveTextContent(/Status\s*Open/);
  });
});
