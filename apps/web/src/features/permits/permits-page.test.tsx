import { type Permit, permitReference } from '@client-portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFromLogin, sessionStore } from '../../lib/session';
import { jsonResponse, renderWithProviders, testApiClient } from '../../test/render';
import { userInfoAnswer } from '../../test/user-info';
import { canExpire } from './permit-expiry';
import { PermitsLayout } from './permits-layout';
import { PermitsPage } from './permits-page';

const ME = 'clerk@acme.example';
const permit = (id: number, registration: string, started: string, isTemp: boolean): Permit => ({
  type: 'site',
  permitId: id,
  reference: permitReference('1001', id),
  site_SiteGroupNumber: '1001',
  vehicleRegistration: registration,
  driverName: `Driver ${id}`,
  isTemp,
  started,
  // Entered to end on 27/11/2026: stored as ending at 00:00 UK time the day after.
  ended: '2026-11-28T00:00:00.000Z',
  cancelledAt: null,
});
const permits = [
  permit(1, 'AA11AAA', '2026-10-01T09:00:00.000Z', true),
  permit(2, 'KX70COF', '2026-11-01T09:00:00.000Z', false),
];

interface Call {
  url: URL;
  signal: AbortSignal | undefined;
}

interface Options {
  hang?: (call: Call) => boolean;
  fail?: () => boolean;
  features?: string[];
  data?: Permit[];
  /** The sites and groups the user holds (GET /user/info `access`). */
  access?: string[];
}

function renderPage(entry: string, options: Options = {}) {
  sessionStore.set(sessionFromLogin({ accessToken: 't', refreshToken: 'r', expiresIn: 900 }, 'identity', ME));
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    if (url.pathname === '/user/info') {
      return jsonResponse(
        userInfoAnswer({
          email: ME,
          features: options.features ?? ['Permits.View'],
          sites: [{ siteNumber: '1001', name: 'Acme' }],
          access: options.access ?? [],
        }),
      );
    }
    const call = { url, signal: init.signal ?? undefined };
    calls.push(call);
    if (options.fail?.()) return jsonResponse({ title: 'Bad request', status: 400 }, 400);
    if (options.hang?.(call)) {
      return new Promise<Response>((_resolve, reject) =>
        call.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      );
    }
    if (url.pathname === '/permits/_export') {
      return new Response('\ufeffSite,Vehicle registration\r\n1001,CUR1\r\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="clientportal-export-20261122180000.csv"',
        },
      });
    }
    // A server in miniature: filters, sorts newest start first, answers the page the cursor asks for.
    const registration = url.searchParams.get('vehicleRegistration');
    const q = url.searchParams.get('q')?.replace(/\s+/g, '').toUpperCase();
    const notSeen = url.searchParams.get('notSeen') === 'true';
    const data = (options.data ?? permits)
      .filter((p) => !registration || p.vehicleRegistration === registration)
      .filter((p) => !q || p.vehicleRegistration.includes(q))
      .filter((p) => !notSeen || !p.lastSeenAt)
      .sort((a, b) => b.started.localeCompare(a.started));
    const after = url.searchParams.get('after');
    const from =
      (after ? data.findIndex((p) => String(p.permitId) === after) + 1 : 0) +
      Number(url.searchParams.get('skip') ?? 0);
    const rows = data.slice(from, from + 10);
    return jsonResponse({
      rows,
      total: data.length,
      first: rows[0] ? String(rows[0].permitId) : null,
      last: rows.at(-1) ? String(rows.at(-1)!.permitId) : null,
    });
  };
  const router = createMemoryRouter(
    [
      {
        path: '/permits',
        element: <PermitsLayout />,
        children: [
          { index: true, element: <PermitsPage /> },
          { path: '*', element: <p>another permits page</p> },
        ],
      },
    ],
    { initialEntries: [entry] },
  );
  const utils = renderWithProviders(<RouterProvider router={router} />, {
    api: testApiClient(fetch as typeof globalThis.fetch),
  });
  return { ...utils, calls, router };
}

describe('PermitsPage', () => {
  afterEach(() => sessionStore.clear());

  it('loads the state from the query string and lists permits newest start first', async () => {
    const { calls } = renderPage('/permits?state=current');
    expect(await screen.findByRole('heading', { name: 'Permits', level: 1 })).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'KX70COF' });
    expect(calls[0]?.url.pathname).toBe('/permits');
    expect(calls[0]?.url.searchParams.get('state')).toBe('current');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('KX70COF');
    expect(rows[0]).toHaveTextContent('Permanent');
    expect(rows[0]).toHaveTextContent('01/11/2026');
    // The end date is the day the user chose, not the midnight after it.
    expect(rows[0]).toHaveTextContent('27/11/2026');
    expect(rows[0]).not.toHaveTextContent('28/11/2026');
    expect(rows[0]).not.toHaveTextContent('00:00');
    expect(rows[1]).toHaveTextContent('Temporary');
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    // Permits.View alone: neither adding nor expiring is offered.
    expect(screen.queryByRole('link', { name: /add|expire/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /add|expire/i })).not.toBeInTheDocument();
  });

  it('asks the server for the next pages by cursor and shows its total', async () => {
    const many = Array.from({ length: 45 }, (_, i) =>
      permit(100 + i, `REG${100 + i}`, new Date(Date.UTC(2026, 9, 1 + i)).toISOString(), i % 2 === 0),
    );
    const { user, calls } = renderPage('/permits', { data: many });
    await screen.findByRole('cell', { name: 'REG144' });
    expect(screen.getByText('Showing 1–10 of 45')).toBeInTheDocument();
    expect(calls[0]?.url.searchParams.get('sort')).toBe('started');
    expect(calls[0]?.url.searchParams.get('direction')).toBe('desc');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByRole('cell', { name: 'REG124' });
    expect(screen.getByText('Showing 21–30 of 45')).toBeInTheDocument();
    const last = calls.at(-1)!.url.searchParams;
    expect(last.get('after')).toBe('135');
    expect(last.get('skip')).toBe('10');
    expect(screen.getAllByRole('row')).toHaveLength(11);

    // Sorting asks the server again, from the first page.
    await user.click(screen.getByRole('button', { name: 'Vehicle registration' }));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('sort')).toBe('vehicleRegistration'));
    expect(calls.at(-1)!.url.searchParams.get('direction')).toBe('asc');
    expect(calls.at(-1)!.url.searchParams.get('after')).toBeNull();
  });

  it('reads its filters, sort and page from the address and writes every change back to it', async () => {
    const many = Array.from({ length: 45 }, (_, i) =>
      permit(100 + i, `REG${100 + i}`, new Date(Date.UTC(2026, 9, 1 + i)).toISOString(), i % 2 === 0),
    );
    const { user, calls, router } = renderPage(
      '/permits?state=current&sort=vehicleRegistration&direction=desc&after=135&skip=10&page=3',
      { data: many },
    );
    await screen.findByRole('cell', { name: 'REG124' });
    // The request is the address, field for field.
    const first = calls[0]!.url.searchParams;
    expect(first.toString()).toBe(
      'state=current&sort=vehicleRegistration&direction=desc&after=135&skip=10&page=3',
    );
    expect(screen.getByText('Showing 21–30 of 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('columnheader', { name: /Vehicle registration/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('combobox', { name: 'Permit state' })).toHaveValue('Current');

    // A page change is a new history entry holding the cursor that reached it.
    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    await screen.findByRole('cell', { name: 'REG114' });
    expect(router.state.location.search).toBe(
      '?state=current&sort=vehicleRegistration&direction=desc&after=115&page=4',
    );
    expect(router.state.historyAction).toBe('PUSH');
    expect(screen.getByText('Showing 31–40 of 45')).toBeInTheDocument();

    // Back is the page before.
    await act(() => router.navigate(-1));
    await screen.findByRole('cell', { name: 'REG124' });
    expect(screen.getByText('Showing 21–30 of 45')).toBeInTheDocument();

    // A sort starts again at the first page; a filter keeps the sort and replaces the entry.
    await user.click(screen.getByRole('button', { name: /^Vehicle registration/ }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?state=current&sort=vehicleRegistration&direction=asc'),
    );
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    await user.click(
      screen.getByRole('checkbox', { name: 'Only vehicles not seen since their permit started' }),
    );
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?state=current&notSeen=true&sort=vehicleRegistration&direction=asc',
      ),
    );
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('reads bad values in the address as the defaults', async () => {
    const { calls } = renderPage('/permits?state=someday&sort=password&direction=up&skip=-1&page=zz&foo=1');
    await screen.findByRole('cell', { name: 'KX70COF' });
    expect(calls[0]!.url.searchParams.toString()).toBe('sort=started&direction=desc');
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Permit state' })).toHaveValue('All');
  });

  it('keeps a typed search in the query string once it is three characters long, and aborts the old load', async () => {
    const { user, calls, router } = renderPage('/permits?state=current', {
      hang: (call) => call.url.searchParams.get('state') === 'expired',
    });
    await screen.findByRole('cell', { name: 'KX70COF' });

    await user.click(screen.getByRole('combobox', { name: 'Permit state' }));
    await user.click(screen.getByRole('option', { name: 'Expired' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(router.state.location.search).toBe('?state=expired');

    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(box, 'kx');
    expect(await screen.findByText('Type at least 3 characters to search.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?state=expired');
    await user.type(box, '70 c');
    expect(box).toHaveValue('kx70 c');
    await waitFor(() => expect(router.state.location.search).toBe('?state=expired&q=kx70+c'));
    await waitFor(() => expect(calls[1]?.signal?.aborted).toBe(true));
  });

  it('shows All for no state and narrows the table to a search', async () => {
    const { user, router } = renderPage('/permits');
    await screen.findByRole('cell', { name: 'AA11AAA' });
    expect(screen.getByRole('combobox', { name: 'Permit state' })).toHaveValue('All');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'COF');
    await waitFor(() => expect(router.state.location.search).toBe('?q=COF'));
    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'KX70COF' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'AA11AAA' })).not.toBeInTheDocument();
  });

  it('shows each permit’s reference and when its vehicle was last seen, and filters those never seen', async () => {
    const seen: Permit = {
      ...permit(31, 'SEEN1', '2026-10-01T09:00:00.000Z', true),
      lastSeenAt: '2026-11-20T08:05:00.000Z',
    };
    const unseen: Permit = { ...permit(32, 'UNSEEN1', '2026-10-02T09:00:00.000Z', true), lastSeenAt: null };
    const { user, calls, router } = renderPage('/permits?state=current', { data: [seen, unseen] });
    await screen.findByRole('cell', { name: 'SEEN1' });
    expect(screen.getByRole('columnheader', { name: 'Reference' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Last seen' })).toBeInTheDocument();
    const rowOf = (registration: string) => screen.getByRole('cell', { name: registration }).closest('tr')!;
    expect(within(rowOf('SEEN1')).getByRole('cell', { name: 'P1001-000031' })).toBeInTheDocument();
    expect(within(rowOf('SEEN1')).getByRole('cell', { name: '20/11/2026 08:05' })).toBeInTheDocument();
    expect(within(rowOf('UNSEEN1')).getByRole('cell', { name: 'Not seen' })).toBeInTheDocument();
    expect(calls.at(-1)?.url.searchParams.has('notSeen')).toBe(false);

    await user.click(
      screen.getByRole('checkbox', { name: 'Only vehicles not seen since their permit started' }),
    );
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'SEEN1' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'UNSEEN1' })).toBeInTheDocument();
    expect(calls.at(-1)?.url.searchParams.get('notSeen')).toBe('true');
    expect(calls.at(-1)?.url.searchParams.get('state')).toBe('current');
    expect(router.state.location.search).toContain('notSeen=true');
  });

  it('offers a retry when the load fails', async () => {
    let failing = true;
    const { user } = renderPage('/permits', { fail: () => failing });
    expect(await screen.findByText(/Failed to retrieve permits\./)).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'KX70COF' })).toBeInTheDocument();
  });
});

describe('PermitsPage actions', () => {
  afterEach(() => {
    sessionStore.clear();
    vi.restoreAllMocks();
  });

  const HOUR = 3_600_000;
  const at = (offsetHours: number) => new Date(Date.now() + offsetHours * HOUR).toISOString();
  const current: Permit = { ...permit(7, 'CUR1', at(-48), true), ended: at(48) };
  const upcoming: Permit = { ...permit(8, 'UPC1', at(24), true), ended: at(96) };
  const expired: Permit = { ...permit(9, 'EXP1', at(-96), true), ended: at(-1) };
  const all = ['Permits.View', 'Permits.Add', 'Permits.BulkAdd', 'Permits.Disable', 'Permits.Edit'];

  it('knows which permits can be expired', () => {
    expect(canExpire(current)).toBe(true);
    expect(canExpire(upcoming)).toBe(false);
    expect(canExpire(expired)).toBe(false);
  });

  it('links Add and Bulk add with the list’s query string', async () => {
    renderPage('/permits?state=current&siteNumber=1001&vehicleRegistration=CUR1', {
      features: all,
      data: [current],
    });
    const add = await screen.findByRole('link', { name: 'Add permit' });
    expect(add).toHaveAttribute(
      'href',
      '/permits/add?state=current&siteNumber=1001&vehicleRegistration=CUR1',
    );
    expect(screen.getByRole('link', { name: 'Bulk add' })).toHaveAttribute(
      'href',
      '/permits/bulk-add?state=current&siteNumber=1001&vehicleRegistration=CUR1',
    );
  });

  it('says the list holds only the caller’s own permits without Permits.AllPermits', async () => {
    const { unmount } = renderPage('/permits', { features: ['Permits.View'] });
    expect(await screen.findByText('You see only the permits you added.')).toBeInTheDocument();
    unmount();
    renderPage('/permits', { features: ['Permits.View', 'Permits.AllPermits'] });
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByText('You see only the permits you added.')).not.toBeInTheDocument();
  });

  it('shows each button only with its feature', async () => {
    const { unmount } = renderPage('/permits', { features: ['Permits.View', 'Permits.Add'] });
    expect(await screen.findByRole('link', { name: 'Add permit' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bulk add' })).not.toBeInTheDocument();
    unmount();
    renderPage('/permits', { features: ['Permits.View', 'Permits.BulkAdd'] });
    expect(await screen.findByRole('link', { name: 'Bulk add' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add permit' })).not.toBeInTheDocument();
  });

  it('offers Expire only on started, unended permits, and only with Permits.Disable', async () => {
    const { user, router, unmount } = renderPage('/permits?state=current', {
      features: all,
      data: [current, upcoming, expired],
    });
    await screen.findByRole('cell', { name: 'CUR1' });
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    const expire = screen.getByRole('link', { name: 'Expire the permit for CUR1' });
    expect(expire).toHaveAttribute('href', '/permits/disable/site/7?state=current');
    for (const registration of ['UPC1', 'EXP1']) {
      const row = screen.getByRole('cell', { name: registration }).closest('tr')!;
      expect(within(row).queryByRole('link', { name: /^Expire/ })).not.toBeInTheDocument();
    }
    // Every registration leads to its permit's detail page; Edit is offered until a permit ends.
    expect(screen.getByRole('link', { name: 'EXP1' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/permits\/view\/site\//),
    );
    expect(screen.queryByRole('link', { name: 'Edit the permit for EXP1' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit the permit for UPC1' })).toBeInTheDocument();
    await user.click(expire);
    await waitFor(() => expect(router.state.location.pathname).toBe('/permits/disable/site/7'));
    expect(router.state.location.search).toBe('?state=current');
    unmount();

    renderPage('/permits', { features: ['Permits.View', 'Permits.Add'], data: [current] });
    await screen.findByRole('cell', { name: 'CUR1' });
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /expire/i })).not.toBeInTheDocument();
  });

  it('offers Expire and Edit on a group permit only to holders of the group itself', async () => {
    // Listed at the member site 1001, which is all this user holds: the permit belongs to SG01.
    const group: Permit = { ...current, type: 'group', permitId: 11, site_SiteGroupNumber: 'SG01' };
    const { unmount } = renderPage('/permits?state=current', {
      features: all,
      data: [group],
      access: ['1001'],
    });
    await screen.findByRole('cell', { name: 'SG01' });
    expect(screen.queryByRole('link', { name: 'Expire the permit for CUR1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit the permit for CUR1' })).not.toBeInTheDocument();
    unmount();

    renderPage('/permits?state=current', { features: all, data: [group], access: ['SG01'] });
    expect(await screen.findByRole('link', { name: 'Expire the permit for CUR1' })).toHaveAttribute(
      'href',
      '/permits/disable/group/11?state=current',
    );
    expect(screen.getByRole('link', { name: 'Edit the permit for CUR1' })).toBeInTheDocument();
  });

  it('exports every matching row through the server’s file', async () => {
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user, calls } = renderPage('/permits', { features: all, data: [current] });
    await screen.findByRole('cell', { name: 'CUR1' });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(blob).toBeDefined());
    const text = await new Response(blob).text();
    // The server builds the whole file (every matching row, streamed); the browser only saves it.
    expect(text.replace('\ufeff', '').split('\r\n')[1]).toBe('1001,CUR1');
    const exports = () => calls.filter((c) => c.url.pathname === '/permits/_export');
    expect(exports().map((c) => c.url.searchParams.get('format'))).toEqual(['csv']);
    // The workbook beside it: the same list, filter and sort, as .xlsx.
    await user.click(screen.getByRole('button', { name: 'Export Excel workbook' }));
    await waitFor(() => expect(exports()).toHaveLength(2));
    expect(exports()[1]!.url.searchParams.get('format')).toBe('xlsx');
    expect(exports()[1]!.url.searchParams.get('sort')).toBe(exports()[0]!.url.searchParams.get('sort'));
  });
});
