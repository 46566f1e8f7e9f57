import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { findFieldMessage } from '../../test/field-message';
import { jsonResponse, renderWithProviders, testApiClient } from '../../test/render';
import { TicketActionFlow } from './components/ticket-action-flow';
import type { TicketFlowKind } from './ticket-flow';

const ticket = {
  ticketNumber: 'PCN10000004',
  vehicleRegistration: 'AB12CDE',
  siteNumber: '1001',
  siteName: 'Acme Central',
  violationDate: '2026-11-18T09:00:00.000Z',
  reducedAmount: 60,
  permitCovered: false,
};
const history = [
  {
    ticketNumber: 'PCN1',
    vehicleRegistration: 'OLD1',
    site: '1001',
    violationDate: '2026-10-01T09:00:00.000Z',
    actionDate: '2026-10-02T09:00:00.000Z',
    permitCovered: false,
    reason: null,
    reasonNote: null,
  },
  {
    ticketNumber: 'PCN2',
    vehicleRegistration: 'NEW2',
    site: '1001',
    violationDate: '2026-11-01T09:00:00.000Z',
    actionDate: '2026-11-03T09:00:00.000Z',
    permitCovered: true,
    reason: null,
    reasonNote: null,
  },
];

type Answer = (method: string, pathname: string, body: string | null) => Response | undefined;

function renderFlow(kind: TicketFlowKind, answer: Answer, showHistory = true, address = '/tickets') {
  const calls: { method: string; url: string; body: string | null }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? init.body : null;
    calls.push({ method, url: `${url.pathname}${url.search}`, body });
    if (url.pathname === '/tickets') {
      if (url.searchParams.get('state') === 'paid')
        return jsonResponse({ title: 'Forbidden', status: 403 }, 403);
      // The server sorts as asked (newest action first unless told) and answers one page with the total.
      const sort = (url.searchParams.get('sort') ?? '') as keyof (typeof history)[number];
      const sign = url.searchParams.get('direction') === 'desc' ? -1 : 1;
      const rows = [...history].sort((a, b) => sign * String(a[sort]).localeCompare(String(b[sort])));
      return jsonResponse({ rows, total: rows.length, first: 'f', last: 'l' });
    }
    return answer(method, url.pathname, body) ?? jsonResponse({ title: 'Not Found', status: 404 }, 404);
  };
  const router = createMemoryRouter(
    [{ path: '/tickets', element: <TicketActionFlow kind={kind} showHistory={showHistory} /> }],
    { initialEntries: [address] },
  );
  const utils = renderWithProviders(<RouterProvider router={router} />, {
    api: testApiClient(fetch as typeof globalThis.fetch),
  });
  return { ...utils, calls, router };
}

const refusal = (...codes: string[]) =>
  jsonResponse(
    { title: 'Bad Request', status: 400, detail: codes.join(','), errors: { ticketNumber: codes } },
    400,
  );

describe('TicketActionFlow', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('cancels: search (upper-cased) → confirm → complete, posting {}; history newest first', async () => {
    const { user, calls } = renderFlow('cancel', (method, pathname) => {
      if (method === 'GET' && pathname === '/tickets/Cancel/PCN10000004') return jsonResponse(ticket);
      if (method === 'POST' && pathname === '/tickets/PCN10000004/Cancel')
        return jsonResponse({ ticketNumber: 'PCN10000004', status: 'cancelled', reducedAmount: 60 });
      return undefined;
    });
    await screen.findByRole('cell', { name: 'NEW2' });
    expect(calls.find((c) => c.url.startsWith('/tickets?'))?.url).toBe(
      '/tickets?sort=actionDate&direction=desc&state=cancelled',
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent('03/11/2026');
    expect(within(rows[1] as HTMLElement).getByRole('cell', { name: 'OLD1' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Ticket number/ }), 'pcn10000004');
    expect(screen.getByRole('textbox', { name: /Ticket number/ })).toHaveValue('PCN10000004');
    await user.click(screen.getByRole('button', { name: 'Find ticket' }));

    expect(await screen.findByText('18/11/2026')).toBeInTheDocument();
    expect(screen.getByText('1001 – Acme Central')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel ticket' }));

    expect(
      await screen.findByText('The ticket PCN10000004 has been cancelled and cleared.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toBe('{}');
    await user.click(screen.getByRole('button', { name: 'Return to search' }));
    expect(screen.getByRole('textbox', { name: /Ticket number/ })).toHaveValue('');
  });

  it('keeps the history’s sort and page in the address (history. fields, decision 28)', async () => {
    const { user, calls, router } = renderFlow(
      'cancel',
      () => undefined,
      true,
      '/tickets?history.sort=vehicleRegistration&history.direction=desc&other=kept',
    );
    await screen.findByRole('cell', { name: 'NEW2' });
    expect(calls.find((c) => c.url.startsWith('/tickets?'))?.url).toContain(
      'sort=vehicleRegistration&direction=desc',
    );
    const registrations = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[2]?.textContent);
    expect(registrations()).toEqual(['OLD1', 'NEW2']);
    expect(screen.getByRole('columnheader', { name: /Vehicle registration/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await user.click(screen.getByRole('button', { name: 'Ticket number' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?other=kept&history.sort=ticketNumber&history.direction=asc',
      ),
    );
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('says when a permit covered the vehicle at the time, on the found ticket and in the history', async () => {
    const covered = 'A permit covered this vehicle at the time';
    const { user } = renderFlow('cancel', (method, pathname) => {
      if (method === 'GET' && pathname === '/tickets/Cancel/PCN10000004')
        return jsonResponse({ ...ticket, permitCovered: true });
      return undefined;
    });
    const rowOf = async (registration: string) =>
      (await screen.findByRole('cell', { name: registration })).closest('tr') as HTMLElement;
    expect(within(await rowOf('NEW2')).getByRole('cell', { name: covered })).toBeInTheDocument();
    expect(within(await rowOf('OLD1')).queryByRole('cell', { name: covered })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Ticket number/ }), 'PCN10000004');
    await user.click(screen.getByRole('button', { name: 'Find ticket' }));
    const details = (await screen.findByText('1001 – Acme Central')).closest('table') as HTMLElement;
    expect(within(details).getByText('Permit').closest('tr')).toHaveTextContent(covered);
  });

  it('leaves the permit line out of a found ticket no permit covered', async () => {
    const { user } = renderFlow('cancel', (method, pathname) =>
      method === 'GET' && pathname === '/tickets/Cancel/PCN10000004' ? jsonResponse(ticket) : undefined,
    );
    await user.type(screen.getByRole('textbox', { name: /Ticket number/ }), 'PCN10000004');
    await user.click(screen.getByRole('button', { name: 'Find ticket' }));
    const details = (await screen.findByText('1001 – Acme Central')).closest('table') as HTMLElement;
    expect(within(details).queryByText('Permit')).not.toBeInTheDocument();
    expect(within(details).queryByText('A permit covered this vehicle at the time')).not.toBeInTheDocument();
  });

  it('requires a ticket number before looking one up', async () => {
    const { user, calls } = renderFlow('cancel', () => undefined);
    await user.click(screen.getByRole('button', { name: 'Find ticket' }));
    expect(await findFieldMessage('Please enter a ticket number.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/tickets/'))).toEqual([]);
  });

  it('reduces with Accept reduction and shows the reduced amount; without the history feature no history and no call', async () => {
    const { user, calls } = renderFlow(
      'reduce',
      (method, pathname) => {
        if (method === 'GET' && pathname === '/tickets/Pay/PCN10000004') return jsonResponse(ticket);
        if (method === 'POST' && pathname === '/tickets/PCN10000004/Pay')
          return jsonResponse({
            ticketNumber: 'PCN10000004',
            status: 'paid',
            reducedAmount: 60,
            reducedUntil: '2026-12-02',
          });
        return undefined;
      },
      false,
    );
    await user.type(screen.getByRole('textbox', { name: /Ticket number/ }), 'PCN10000004');
    await user.click(screen.getByRole('button', { name: 'Find ticket' }));
    expect(await screen.findByText('Do you want to reduce this ticket to £60.00?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept reduction' }));
    expect(await screen.findByText('The ticket PCN10000004 has been reduced to £60.00.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The ticket may now be paid at the reduced amount on the payments site until 02/12/2026.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Failed to retrieve reduced tickets.')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/tickets?'))).toBe(false);
  });

  it('lists the refusal reasons of a refused lookup', async () => {
    const { user } = renderFlow('reduce', () => refusal('SiteInvalid'));
    await user.type(screen.getByRole('textbox', { name: /Ticket number/ }), 'PCN10000016');
    await user.click(screen.getByRole('button', { name: 'Find ticket' }));
    expect(
      await screen.findByText('The ticket PCN10000016 cannot be reduced for the following reasons:'),
    ).toBeInTheDocument();
    expect(screen.getByText('This site does not allow tickets to be reduced.')).toBeInTheDocument();
  });

  it('shows the failure message when the action fails for another reason', async () => {
    const { user } = renderFlow('cancel', (method) => {
      if (method === 'GET') return jsonResponse(ticket);
      return jsonResponse({ title: 'Conflict', status: 409 }, 409);
    });
    await user.type(screen.getByRole('textbox', { name: /Ticket number/ }), 'PCN10000004');
    await user.click(screen.getByRole('button', { name: 'Find ticket' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel ticket' }));
    expect(
      await screen.findByText(
        'An unexpected error is preventing the ticket from being cancelled. Please try again later.',
      ),
    ).toBeInTheDocument();
  });
});
