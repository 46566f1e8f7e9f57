import { ticketRefusalCodes } from '@client-portal/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { RefusalList } from './components/refusal-list';
import { refusalCodesOf } from './refusals';

describe('refusalCodesOf', () => {
  it('reads errors.ticketNumber of a 400 problem', () => {
    const problem = {
      title: 'Bad Request',
      status: 400,
      detail: 'Paid',
      errors: { ticketNumber: ['Paid', 'Court'] },
    };
    expect(refusalCodesOf(400, problem)).toEqual(['Paid', 'Court']);
  });

  it('falls back to the comma-joined detail and drops unknown codes', () => {
    expect(
      refusalCodesOf(400, { title: 'Bad Request', status: 400, detail: 'SiteInvalid, Nonsense,POPLA' }),
    ).toEqual(['SiteInvalid', 'POPLA']);
  });

  it('finds none in other answers, which the flow treats as failures', () => {
    expect(refusalCodesOf(500, { title: 'Error', status: 500, detail: 'Paid' })).toEqual([]);
    expect(refusalCodesOf(400, undefined)).toEqual([]);
    expect(
      refusalCodesOf(400, { title: 'Bad Request', status: 400, detail: 'The body is invalid.' }),
    ).toEqual([]);
  });
});

describe('RefusalList', () => {
  it('has a message of its own for every refusal code', () => {
    renderWithProviders(<RefusalList kind="reduce" ticketNumber="PCN1" codes={[...ticketRefusalCodes]} />);
    const items = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(items).toHaveLength(ticketRefusalCodes.length);
    expect(new Set(items).size).toBe(items.length);
    for (const item of items) expect(item).not.toMatch(/tickets\.refusal|\{\{/);
    expect(items).toContain(
      'The contractual monthly allowance for this site has been exceeded. The driver should use the appeals procedure within 28 days.',
    );
    expect(items).toContain('The ticket was not issued in the last 28 days.');
    expect(
      screen.getByText('The ticket PCN1 cannot be reduced for the following reasons:'),
    ).toBeInTheDocument();
  });
});
