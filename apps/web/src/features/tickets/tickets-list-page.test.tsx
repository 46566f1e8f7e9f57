import type { TicketListRow } from '@client-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { findFieldMessage } from '../../test/field-message';
import { jsonResponse } from '../../test/render';
import { renderApp, signInAs } from '../../test/render-app';
import { userInfoAnswer } from '../../test/user-info';

const CLERK = 'clerk@acme.example';
const row = (overrides: Partial<TicketListRow>): TicketListRow => ({
  ticketNumber: 'PCN10000002',
  siteNumber: '1001',
  siteName: 'Riverside',
  vehicleRegistration: 'AB12CDE',
  contravention: 'Overstayed the time paid for',
  issueDate: '2026-11-20T09:30:00.000Z',
  violationDate: '2026-11-18T09:00:00.000Z',
  status: 'open',
  fullAmount: 100,
  reducedAmount: 60,
  amountDue: 100,
  reducedUntil: null,
  allowsReductions: true,
  permitCovered: false,
  reason: null,
  reasonNote: null,
  ...overrides,
});
const rows = [
  row({}),
  row({
    ticketNumber: 'PCN10000015',
    status: 'cancelled',
    amountDue: 0,
    reason: 'other',
    reasonNote: 'Delivery',
  }),
  row({ ticketNumber: 'PCN10000016', allowsReductions: false, permitCovered: true }),
];
const ticket = {
  ticketNumber: 'PCN10000002',
  vehicleRegistration: 'AB12CDE',
  siteNumber: '1001',
  siteName: 'Riverside',
  violationDate: '2026-11-18T09:00:00.000Z',
  reducedAmount: 60,
  permitCovered: false,
  fullAmount: 100,
  amountDue: 100,
};

function renderTickets(path: string, features: string[], post?: (body: unknown) => Response) {
  signInAs(CLERK);
  const posted: unknown[] = [];
  const userInfo = userInfoAnswer({
    email: CLERK,
    features,
    sites: [{ siteNumber: '1001', name: 'Riverside' }],
    access: ['1001'],
  });
  const utils = renderApp(path, {
    handlers: {
      '/user/info': () => jsonResponse(userInfo),
      '/tickets/list': () => jsonResponse({ rows, total: rows.length, first: 'f', last: 'l' }),
      '/tickets/allowances': () => jsonResponse([]),
      '/tickets/Cancel/PCN10000002': () => jsonResponse(ticket),
      '/tickets/Pay/PCN10000016': () =>
        jsonResponse(
          { title: 'Refused', status: 400, detail: 'SiteInvalid', errors: { ticketNumber: ['SiteInvalid'] } },
          400,
        ),
      '/tickets/PCN10000002/Cancel': (init) => {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        return (
          post?.(body) ??
          jsonResponse({ ticketNumber: 'PCN10000002', status: 'cancelled', reducedAmount: 60 })
        );
      },
    },
  });
  return { ...utils, posted };
}

describe('the tickets list (issue 24)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    localStorage.clear();
  });

  it('shows each charge with its amount, status, permit and reason, and offers only the actions that apply', async () => {
    renderTickets('/tickets/list?status=open', ['Tickets.Cancel', 'Tickets.Reduce']);
    await screen.findByRole('heading', { name: 'Tickets at your sites', level: 1 });
    const open = (await screen.findByRole('cell', { name: 'PCN10000002' })).closest('tr') as HTMLElement;
    expect(within(open).getByRole('cell', { name: '1001 – Riverside' })).toBeInTheDocument();
    expect(within(open).getByRole('cell', { name: 'Overstayed the time paid for' })).toBeInTheDocument();
    expect(within(open).getByRole('cell', { name: '£100.00' })).toBeInTheDocument();
    expect(within(open).getByRole('link', { name: 'Cancel ticket PCN10000002' })).toHaveAttribute(
      'href',
      '/tickets/list/cancel/PCN10000002?status=open',
    );
    expect(within(open).getByRole('link', { name: 'Reduce ticket PCN10000002' })).toBeInTheDocument();

    const cancelled = screen.getByRole('cell', { name: 'PCN10000015' }).closest('tr') as HTMLElement;
    expect(within(cancelled).getByRole('cell', { name: '£0.00 of £100.00' })).toBeInTheDocument();
    expect(within(cancelled).getByRole('cell', { name: 'Other: Delivery' })).toBeInTheDocument();
    expect(within(cancelled).queryAllByRole('link')).toEqual([]);

    const noReductions = screen.getByRole('cell', { name: 'PCN10000016' }).closest('tr') as HTMLElement;
    expect(within(noReductions).getByRole('link', { name: /^Cancel ticket/ })).toBeInTheDocument();
    expect(within(noReductions).queryByRole('link', { name: /^Reduce ticket/ })).toBeNull();
    expect(
      within(noReductions).getByRole('cell', { name: 'A permit covered this vehicle at the time' }),
    ).toBeInTheDocument();
    // The status filter shows what the address says.
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Open');
  });

  it('without Reduce offers no reduce link', async () => {
    renderTickets('/tickets/list', ['Tickets.Cancel']);
    await screen.findByRole('link', { name: 'Cancel ticket PCN10000002' });
    expect(screen.queryByRole('link', { name: /^Reduce ticket/ })).toBeNull();
  });

  it('asks for a reason (a note with Other), shows the amounts before and after, and returns to the list', async () => {
    const { user, router, posted } = renderTickets('/tickets/list/cancel/PCN10000002?status=open', [
      'Tickets.Cancel',
    ]);
    await screen.findByRole('heading', { name: 'Cancel ticket PCN10000002', level: 1 });
    expect(
      await screen.findByText('Cancel this ticket? The amount due goes from £100.00 to £0.00.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Amount due now £100.00' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Amount due after £0.00' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel ticket' }));
    expect(await findFieldMessage('Please choose a reason.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Cancel ticket' }));
    expect(await findFieldMessage('Please say what the reason is.')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /^Note/ }), ' Meter fault ');
    await user.click(screen.getByRole('button', { name: 'Cancel ticket' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets/list'));
    expect(router.state.location.search).toBe('?status=open');
    expect(posted).toEqual([{ reason: 'other', note: 'Meter fault' }]);
  });

  it('says why the action cannot be taken when the lookup refuses it', async () => {
    renderTickets('/tickets/list/reduce/PCN10000016', ['Tickets.Reduce']);
    expect(await screen.findByText('This site does not allow tickets to be reduced.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute('href', '/tickets/list');
  });
});
