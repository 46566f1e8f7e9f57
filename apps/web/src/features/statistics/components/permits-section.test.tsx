import type { PermitStatistics } from '@client-portal/contract';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { chartViews } from './chart-views';
import { PermitsSection } from './permits-section';

const data: PermitStatistics = {
  scope: { kind: 'site', number: '1001', name: 'Riverside Hospital', sites: 1 },
  from: '2026-10-01',
  to: '2026-10-02',
  active: [
    { day: '2026-10-01', temporary: 2, permanent: 5, visitor: 0 },
    { day: '2026-10-02', temporary: 1, permanent: 5, visitor: 3 },
  ],
  addedPerWeek: [{ week: '2026-09-28', temporary: 4, permanent: 1, visitor: 6 }],
  reasons: [{ reason: 4, name: 'Visitor', added: 6 }],
};

describe('the permits statistics', () => {
  it('count visitor permits as a kind of their own (issue 27), in the summaries and the tables', () => {
    renderWithProviders(
      <MemoryRouter>
        <PermitsSection data={data} views={chartViews(['active', 'added'], () => {})} />
      </MemoryRouter>,
    );
    expect(
      screen.getByText('On 02/10/2026: 1 temporary, 5 permanent and 3 visitor permits.'),
    ).toBeInTheDocument();
    expect(screen.getByText('11 permits added in the period.')).toBeInTheDocument();
    const active = screen.getByRole('table', { name: 'Active permits over time' });
    expect(within(active).getByRole('columnheader', { name: /Visitor/ })).toBeInTheDocument();
    expect(within(active).getAllByRole('row')[2]).toHaveTextContent(/1\s*5\s*3$/);
    const added = screen.getByRole('table', { name: 'Permits added per week' });
    expect(within(added).getAllByRole('row')[1]).toHaveTextContent(/4\s*1\s*6$/);
  });
});
