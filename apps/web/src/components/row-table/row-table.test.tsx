import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actAsPhone } from '../../test/phone';
import { renderWithProviders } from '../../test/render';
import { RowTable } from './row-table';

const table = (
  <RowTable
    label="Subscriptions"
    caption
    rowHeader
    headers={['Report', 'Next mail', 'Actions']}
    rows={[
      {
        key: 'a',
        cells: [
          'Permit register',
          'Monday 1 December 2026',
          <button key="c" type="button">
            Cancel
          </button>,
        ],
      },
      { key: 'b', cells: ['Ticket actions', 'Tuesday 2 December 2026', null], attributes: { 'data-x': 'b' } },
    ]}
  />
);

describe('RowTable', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is a captioned table on a wide screen, the first cell naming its row', () => {
    renderWithProviders(table);
    const grid = screen.getByRole('table', { name: 'Subscriptions' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Report', 'Next mail', 'Actions']);
    expect(within(grid).getByRole('rowheader', { name: 'Permit register' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('on a phone turns each row into a card naming every column beside its value', () => {
    actAsPhone();
    renderWithProviders(table);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Subscriptions' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('ReportPermit registerNext mailMonday 1 December 2026Actions');
    expect(within(cards[0]!).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(cards[1]).toHaveAttribute('data-x', 'b');
  });
});
