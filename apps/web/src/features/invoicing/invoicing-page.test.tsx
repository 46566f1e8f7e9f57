import type { InvoiceDefinition } from '@client-portal/contract';
import { ukToday } from '@client-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFromLogin, sessionStore } from '../../lib/session';
import { jsonResponse, renderWithProviders, testApiClient } from '../../test/render';
import { userInfoAnswer } from '../../test/user-info';
import { defaultRange } from './invoice-dates';
import { InvoicingPage } from './invoicing-page';

const EMAIL = 'clerk@acme.example';
const definition: InvoiceDefinition = {
  key: 'parking-transactions',
  name: 'Parking transactions',
  description: 'Every parking payment.',
  columns: { occurredAt: { text: 'Paid at', type: 'datetime' }, amount: { text: 'Amount', type: 'money' } },
  defaultSort: { column: 'amount', direction: 'desc' },
};

/** The address the page shows, as the browser's location bar would. */
let shownAddress = '';
function Address() {
  shownAddress = useLocation().search;
  return null;
}

function renderPage(options: { hang: boolean; address?: string }) {
  sessionStore.set(
    sessionFromLogin({ accessToken: 't', refreshToken: 'r', expiresIn: 900 }, 'identity', EMAIL),
  );
  const calls: { url: URL; signal?: AbortSignal | null }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push({ url, signal: init?.signal });
    if (url.pathname === '/user/info')
      return jsonResponse(
        userInfoAnswer({
          email: EMAIL,
          features: ['Invoicing.Access'],
          sites: [{ siteNumber: '1001', name: 'Acme Central' }],
        }),
      );
    if (url.pathname === '/sites/search')
      return jsonResponse([
        { siteNumber: '1001', name: 'Acme Central' },
        { siteNumber: '10011', name: 'Other' },
      ]);
    if (url.pathname === '/invoice/_definitions') return jsonResponse([definition]);
    if (url.pathname === '/invoice/parking-transactions/_definition') return jsonResponse(definition);
    if (url.pathname === '/invoice/parking-transactions/1001') {
      if (options.hang)
        return new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      // The server sorts (the definition's default: amount, highest first) and totals.
      if (url.searchParams.get('after') === 'b')
        return jsonResponse({
          rows: [{ occurredAt: '2026-01-04T10:00:00.000Z', amount: 1 }],
          total: 11,
          first: 'c',
          last: 'c',
          totals: { rows: 11, columns: { amount: 13.5 } },
        });
      return jsonResponse({
        rows: [
          { occurredAt: '2026-01-06T10:00:00.000Z', amount: 10 },
          { occurredAt: '2026-01-05T10:00:00.000Z', amount: 2.5 },
        ],
        total: 2,
        first: 'a',
        last: 'b',
        totals: { rows: 2, columns: { amount: 12.5 } },
      });
    }
    if (url.pathname === '/invoice/parking-transactions/1001/_export') {
      return new Response(new Uint8Array([0xff, 0xfe, 0x41, 0x00]), {
        headers: {
          'content-type': 'text/csv; charset=utf-16le',
          'content-disposition': 'attachment; filename="1001-Parking transactions-2026-01-01-2026-01-31.csv"',
        },
      });
    }
    return jsonResponse({ title: 'Not Found', status: 404 }, 404);
  };
  renderWithProviders(
    <MemoryRouter initialEntries={[`/invoicing${options.address ?? ''}`]}>
      <Address />
      <InvoicingPage />
    </MemoryRouter>,
    { api: testApiClient(fetch as typeof globalThis.fetch) },
  );
  return calls;
}

describe('InvoicingPage', () => {
  afterEach(() => {
    sessionStore.clear();
    vi.restoreAllMocks();
  });

  it('pre-selects the only site, defaults to last month and shows sorted results', async () => {
    const user = userEvent.setup();
    const calls = renderPage({ hang: false });
    await user.click(await screen.findByRole('button', { name: 'Choose Parking transactions' }));
    const range = defaultRange(ukToday());
    expect(screen.getByLabelText(/^Start date/)).toHaveValue(range.start);
    expect(screen.getByLabelText(/^End date/)).toHaveValue(range.end);
    await screen.findByText('1001 – Acme Central');
    await user.click(screen.getByRole('button', { name: 'Generate invoice' }));

    await screen.findByRole('button', { name: 'Download invoice' }, { timeout: 3000 });
    // The heading names the site as well as its number.
    expect(
      screen.getByRole('heading', { level: 2, name: /^Parking transactions for 1001 – Acme Central, / }),
    ).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['£10.00', '£2.50']);
    const data = calls.find((c) => c.url.pathname === '/invoice/parking-transactions/1001')!;
    // The inclusive end date goes out as an exclusive `to`: one day later.
    expect(data.url.searchParams.get('from')).toBe(range.start);
    expect(data.url.searchParams.get('to')).toBe(`${ukToday().slice(0, 7)}-01`);
    // The server's totals under the table.
    expect(screen.getByTestId('invoice-totals')).toHaveTextContent('Totals over 2 rows · Amount: £12.50');
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();

    // Download asks the server for the whole file (UTF-16, streamed) and saves it under its name.
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      saved = b as Blob;
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Download invoice' }));
    await waitFor(() => expect(saved).toBeDefined());
    const exported = calls.find((c) => c.url.pathname.endsWith('/_export'))!;
    expect(exported.url.searchParams.get('from')).toBe(range.start);
    expect(new Uint8Array(await new Response(saved).arrayBuffer())).toEqual(
      new Uint8Array([0xff, 0xfe, 0x41, 0x00]),
    );
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      '1001-Parking transactions-2026-01-01-2026-01-31.csv',
    );
    expect(exported.url.searchParams.get('format')).toBe('csv');
    // The workbook is the same request in the other format (the server names the file).
    await user.click(screen.getByRole('button', { name: 'Download Excel workbook' }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('/_export'))).toHaveLength(2));
    const workbook = calls.filter((c) => c.url.pathname.endsWith('/_export'))[1]!;
    expect(workbook.url.searchParams.get('format')).toBe('xlsx');
    expect(workbook.url.searchParams.get('from')).toBe(range.start);

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await screen.findByRole('button', { name: 'Choose Parking transactions' });
  });

  it('aborts the running request when a header step goes back', async () => {
    const user = userEvent.setup();
    const calls = renderPage({ hang: true });
    await user.click(await screen.findByRole('button', { name: 'Choose Parking transactions' }));
    await screen.findByText('1001 – Acme Central');
    await user.click(screen.getByRole('button', { name: 'Generate invoice' }));
    await screen.findByText('Preparing your invoice…');

    await user.click(screen.getByRole('button', { name: /Query/ }));
    await screen.findByRole('button', { name: 'Generate invoice' });
    const data = calls.find((c) => c.url.pathname === '/invoice/parking-transactions/1001')!;
    await waitFor(() => expect(data.signal?.aborted).toBe(true));
    expect(screen.queryByText('The invoice could not be generated. Please try again later.')).toBeNull();
  });

  it('keeps the invoice, its sort and its page in the address, and reopens at them (decision 28)', async () => {
    const user = userEvent.setup();
    renderPage({ hang: false });
    await user.click(await screen.findByRole('button', { name: 'Choose Parking transactions' }));
    await screen.findByText('1001 – Acme Central');
    await user.click(screen.getByRole('button', { name: 'Generate invoice' }));
    await screen.findByRole('button', { name: 'Download invoice' }, { timeout: 3000 });
    const range = defaultRange(ukToday());
    const to = `${ukToday().slice(0, 7)}-01`;
    await waitFor(() =>
      expect(shownAddress).toBe(`?key=parking-transactions&site=1001&from=${range.start}&to=${to}`),
    );
    await user.click(screen.getByRole('button', { name: /Paid at/ }));
    await waitFor(() => expect(shownAddress).toContain('&sort=occurredAt&direction=asc'));
    // Reset takes the invoice out of the address.
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await screen.findByRole('button', { name: 'Choose Parking transactions' });
    expect(shownAddress).toBe('');
  });

  it('opens the page an address names at the results, through the prepare stage', async () => {
    const range = defaultRange(ukToday());
    const to = `${ukToday().slice(0, 7)}-01`;
    const address = `?key=parking-transactions&site=1001&from=${range.start}&to=${to}&after=b&page=2`;
    const calls = renderPage({ hang: false, address });
    await screen.findByText('Preparing your invoice…');
    await screen.findByRole('button', { name: 'Download invoice' }, { timeout: 3000 });
    expect(
      screen.getByRole('heading', { level: 2, name: /^Parking transactions for 1001 – Acme Central, / }),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 11–11 of 11')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    const data = calls.filter((c) => c.url.pathname === '/invoice/parking-transactions/1001');
    // One request, for the addressed page in the default order.
    // Every request asks for the addressed page, in the default order.
    expect(data.length).toBeGreaterThan(0);
    for (const call of data) {
      expect(Object.fromEntries(call.url.searchParams)).toEqual({
        from: range.start,
        to,
        sort: 'amount',
        direction: 'desc',
        after: 'b',
      });
    }
    expect(shownAddress).toBe(address);
  });

  it('starts at the first stage when the address names no whole invoice', async () => {
    renderPage({ hang: false, address: '?key=parking-transactions&site=1001&from=2020-01-01&to=2021-01-01' });
    await screen.findByRole('button', { name: 'Choose Parking transactions' });
  });
});
