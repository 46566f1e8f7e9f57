import type { PermitDetail, PermitHistory } from '@client-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session';
import { jsonResponse } from '../../test/render';
import { renderPermitsApp } from './permits-test-app';

const DAY = 86_400_000;
const permit: PermitDetail = {
  type: 'site',
  permitId: 7,
  reference: 'P1001-000007',
  site_SiteGroupNumber: '1001',
  vehicleRegistration: 'AB12CDE',
  driverName: 'Jo Bloggs',
  isTemp: false,
  started: new Date(Date.now() - 2 * DAY).toISOString(),
  ended: new Date(Date.now() + 300 * DAY).toISOString(),
  cancelledAt: null,
  duration: 'Permanent',
  reason: 4,
  authorisedBy: 'A. Manager',
  addedBy: 'manager@acme.example',
  addedAt: new Date(Date.now() - 3 * DAY).toISOString(),
  uploadId: null,
  visitorLink: null,
};
const history: PermitHistory = {
  events: [
    {
      kind: 'added',
      field: null,
      from: null,
      to: null,
      by: 'manager@acme.example',
      apiKey: 'Night-shift rota',
      at: permit.addedAt,
    },
    {
      kind: 'edited',
      field: 'driverName',
      from: 'Jo Blogs',
      to: 'Jo Bloggs',
      by: 'clerk@acme.example',
      at: new Date(Date.now() - DAY).toISOString(),
    },
  ],
  total: 2,
};

describe('permit detail and edit pages', () => {
  beforeAll(async () => {
    await Promise.all([
      import('./permits-layout'),
      import('./permit-detail-page'),
      import('./edit-permit-page'),
    ]);
  });
  afterEach(() => sessionStore.clear());

  it('shows the permit and its history, with Edit only for Permits.Edit', async () => {
    const { unmount } = renderPermitsApp('/permits/view/site/7', {
      features: ['Permits.View', 'Permits.Edit'],
      handlers: {
        '/permits/site/7': () => jsonResponse(permit),
        '/permits/site/7/history': () => jsonResponse(history),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Permit details', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Visitor')).toBeInTheDocument();
    const edited = (await screen.findByRole('cell', { name: 'Edited' })).closest('tr')!;
    expect(
      within(edited)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([expect.any(String), 'clerk@acme.example', 'Edited', 'Driver name', 'Jo Blogs', 'Jo Bloggs']);
    // A change that came through an API key names the key beside its creator (decision 43).
    const added = (await screen.findByRole('cell', { name: 'Added' })).closest('tr')!;
    expect(within(added).getAllByRole('cell')[1]?.textContent).toBe(
      'manager@acme.example (API key “Night-shift rota”)',
    );
    expect(screen.getByRole('link', { name: 'Edit permit' })).toHaveAttribute('href', '/permits/edit/site/7');
    unmount();

    renderPermitsApp('/permits/view/site/7', {
      features: ['Permits.View'],
      handlers: {
        '/permits/site/7': () => jsonResponse(permit),
        '/permits/site/7/history': () => jsonResponse(history),
      },
    });
    await screen.findByRole('cell', { name: 'Edited' });
    expect(screen.queryByRole('link', { name: 'Edit permit' })).not.toBeInTheDocument();
  });

  it("names a visitor's permit by the visitor link it came through (issue 27)", async () => {
    const visitor: PermitDetail = {
      ...permit,
      isTemp: true,
      duration: 'Temporary',
      addedBy: null,
      visitorLink: 'Outpatients',
    };
    renderPermitsApp('/permits/view/site/7', {
      features: ['Permits.View'],
      handlers: {
        '/permits/site/7': () => jsonResponse(visitor),
        '/permits/site/7/history': () => jsonResponse(history),
      },
    });
    await screen.findByRole('heading', { name: 'Permit details', level: 1 });
    const type = await screen.findByText('Type');
    expect(type.nextElementSibling).toHaveTextContent('Visitor — Outpatients');
  });

  it('saves a correction, says what changed and cancels the tickets it covers', async () => {
    const ticket = {
      ticketNumber: 'PCN10000001',
      siteNumber: '1001',
      vehicleRegistration: 'AB12CDF',
      violationDate: new Date(Date.now() - DAY).toISOString(),
      permitId: 7,
    };
    const { user, posted } = renderPermitsApp('/permits/edit/site/7', {
      features: ['Permits.View', 'Permits.Edit', 'Tickets.Cancel'],
      handlers: {
        '/permits/site/7': (init) =>
          init.method === 'PUT'
            ? jsonResponse({
                permit: { ...permit, vehicleRegistration: 'AB12CDF' },
                changed: ['vehicleRegistration'],
                coveredTickets: { tickets: [ticket], more: false },
              })
            : jsonResponse(permit),
        '/tickets/PCN10000001/Cancel': () =>
          jsonResponse({ ticketNumber: 'PCN10000001', status: 'cancelled', reducedAmount: 60 }),
      },
    });
    const registration = await screen.findByRole('textbox', { name: /^Vehicle registration/ });
    // A permanent permit's end is computed: no end date to change.
    expect(screen.queryByLabelText(/^End date/)).not.toBeInTheDocument();
    await user.clear(registration);
    await user.type(registration, 'ab12 cdf');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const saved = await screen.findByRole('status');
    expect(saved).toHaveTextContent(
      'The permit for AB12CDF has been updated. Changed: Vehicle registration.',
    );
    expect(posted[0]).toEqual({
      vehicleRegistration: 'AB12CDF',
      driverName: 'Jo Bloggs',
      reason: 4,
      ended: null,
    });
    const row = screen.getByRole('cell', { name: 'PCN10000001' }).closest('tr')!;
    expect(within(row).getByText('Open')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel these tickets' }));
    await waitFor(() => expect(within(row).getByText('Cancelled')).toBeInTheDocument());
    expect(await screen.findByText('1 of 1 tickets cancelled.')).toBeInTheDocument();
  });
});
