import type { ReportDefinition, ReportSubscription } from '@client-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFromLogin, sessionStore } from '../../lib/session';
import { jsonResponse, renderWithProviders, testApiClient } from '../../test/render';
import { ReportsPage } from './reports-page';

const EMAIL = 'manager@acme.example';
const definitions: ReportDefinition[] = [
  {
    key: 'permit-register',
    name: 'Permit register',
    description: 'Every permit at the chosen sites.',
    period: true,
    columns: { site: { text: 'Site or group' } },
  },
  {
    key: 'user-access',
    name: 'User access',
    description: 'Who can reach the chosen sites today.',
    period: false,
    columns: { email: { text: 'Email' } },
  },
];

function renderPage(entry = '/reports') {
  sessionStore.set(
    sessionFromLogin({ accessToken: 't', refreshToken: 'r', expiresIn: 900 }, 'identity', EMAIL),
  );
  const calls: { method: string; url: URL; body?: unknown }[] = [];
  const subscriptions: ReportSubscription[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.pathname === '/reports/_definitions') return jsonResponse(definitions);
    if (url.pathname === '/sites/accessible')
      return jsonResponse([
        { siteNumber: 'SG01', name: 'Acme group' },
        { siteNumber: '1001', name: 'Riverside Retail Park' },
      ]);
    if (url.pathname === '/reports/subscriptions' && method === 'GET') return jsonResponse(subscriptions);
    if (url.pathname === '/reports/subscriptions' && method === 'POST') {
      const body = JSON.parse(String(init!.body));
      const created: ReportSubscription = {
        id: 7,
        reportKey: body.reportKey,
        reportName: 'Permit register',
        site: body.site ?? null,
        format: body.format,
        frequency: body.frequency,
        delivery: body.delivery,
        createdAt: '2026-11-20T10:00:00.000Z',
        next: { from: '2026-11-01', to: '2026-11-30', sendDay: '2026-12-01' },
      };
      subscriptions.push(created);
      return jsonResponse(created, 201);
    }
    if (url.pathname === '/reports/subscriptions/7' && method === 'DELETE') {
      subscriptions.splice(0);
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/reports/permit-register') {
      if (url.searchParams.get('site') === '1001')
        return jsonResponse(
          { title: 'Not Found', status: 404, detail: 'English words from the server' },
          404,
        );
      if (url.searchParams.get('from') === '2020-01-01')
        return jsonResponse(
          { title: 'Bad Request', status: 400, errors: { from: ['The period must be at most 13 months.'] } },
          400,
        );
      return new Response(new Uint8Array([0xff, 0xfe, 0x41, 0x00]), {
        headers: {
          'content-type': 'text/csv; charset=utf-16le',
          'content-disposition': 'attachment; filename="Permit register-SG01-2026-10-01-2026-10-31.csv"',
        },
      });
    }
    return jsonResponse({ title: 'Not Found', status: 404 }, 404);
  };
  const router = createMemoryRouter([{ path: '/reports', element: <ReportsPage /> }], {
    initialEntries: [entry],
  });
  const utils = renderWithProviders(<RouterProvider router={router} />, {
    api: testApiClient(fetch as typeof globalThis.fetch),
  });
  return { ...utils, calls, router };
}

describe('ReportsPage', () => {
  afterEach(() => {
    sessionStore.clear();
    vi.restoreAllMocks();
  });

  it('offers the catalogue from the API and downloads the chosen report for the linked site and days', async () => {
    let fileName = '';
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download;
    });
    const { user, calls } = renderPage(
      '/reports?report=permit-register&site=SG01&from=2026-10-01&to=2026-10-31',
    );
    const reports = await screen.findByRole('radiogroup', { name: 'Report' });
    expect(
      within(reports)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['permit-register', 'user-access']);
    expect(screen.getByRole('radio', { name: 'Permit register' })).toBeChecked();
    expect(screen.getByLabelText(/First day/)).toHaveValue('2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(fileName).toBe('Permit register-SG01-2026-10-01-2026-10-31.csv'));
    const asked = calls.find((c) => c.url.pathname === '/reports/permit-register')!;
    expect(Object.fromEntries(asked.url.searchParams)).toEqual({
      site: 'SG01',
      from: '2026-10-01',
      to: '2026-10-31',
      format: 'csv',
    });
    expect(
      await screen.findByText('Downloaded Permit register-SG01-2026-10-01-2026-10-31.csv.'),
    ).toBeVisible();
  });

  it("lists the server's field messages in the error summary", async () => {
    const { user } = renderPage('/reports?report=permit-register&from=2020-01-01&to=2020-01-31');
    await user.click(await screen.findByRole('button', { name: 'Download Excel workbook' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('The period must be at most 13 months.');
  });

  it('says in its own words that a site out of reach is not the reader’s', async () => {
    const { user } = renderPage('/reports?report=permit-register&site=1001&from=2026-10-01&to=2026-10-31');
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('The site or group chosen is not one of yours. Choose another.');
    expect(summary).not.toHaveTextContent('English words from the server');
  });

  it('holds the days to the contract’s period rule before asking', async () => {
    const { user, calls } = renderPage('/reports?report=permit-register&from=2020-01-01&to=2026-10-31');
    await user.click(await screen.findByRole('button', { name: 'Download Excel workbook' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('The period can be at most 13 months.');
    expect(calls.some((c) => c.url.pathname === '/reports/permit-register')).toBe(false);
  });

  it('subscribes to the chosen report monthly, lists it, and cancels it', async () => {
    const { user, calls } = renderPage('/reports?report=permit-register&site=SG01');
    expect(await screen.findByText('You have no report subscriptions.')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'A link to download it (you sign in first)' }));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      reportKey: 'permit-register',
      site: 'SG01',
      format: 'csv',
      frequency: 'monthly',
      delivery: 'linked',
    });
    expect(
      await screen.findByText('Subscribed: Permit register will be emailed to you every month.'),
    ).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Your report subscriptions' });
    expect(within(table).getByText('01/12/2026 (covering 01/11/2026 to 30/11/2026)')).toBeVisible();
    await user.click(
      within(table).getByRole('button', { name: 'Cancel the subscription to Permit register for SG01' }),
    );
    expect(await screen.findByText('Subscription to Permit register cancelled.')).toBeVisible();
    expect(await screen.findByText('You have no report subscriptions.')).toBeVisible();
  });
});
