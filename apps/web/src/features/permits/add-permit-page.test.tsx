import { addIsoDays, addIsoMonths, type Permit, ukDisplayDay, ukToday } from '@client-portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../lib/session';
import { findFieldMessage } from '../../test/field-message';
import { jsonResponse } from '../../test/render';
import { problem, RIVERSIDE, renderPermitsApp } from './permits-test-app';

const noTickets = { tickets: [], more: false };

const TODAY = ukToday();
const ADD = ['Permits.View', 'Permits.Add'];
const LIST_QUERY = '?state=current&siteNumber=1001&vehicleRegistration=AB12CDE';

const stored = (overrides: Partial<Permit> = {}): Permit => ({
  type: 'site',
  permitId: 41,
  reference: 'P1001-000041',
  site_SiteGroupNumber: '1001',
  vehicleRegistration: 'AB12CDE',
  driverName: 'Jo Bloggs',
  isTemp: true,
  started: `${TODAY}T00:00:00.000Z`,
  ended: `${addIsoDays(TODAY, 7)}T23:59:59.000Z`,
  cancelledAt: null,
  ...overrides,
});

const dateInput = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const setDate = (label: RegExp, value: string) => fireEvent.change(dateInput(label), { target: { value } });

/** Fills everything but the type-specific parts. */
async function fillCommon(user: ReturnType<typeof renderPermitsApp>['user']) {
  await user.type(screen.getByRole('textbox', { name: /^Driver name/ }), 'Jo Bloggs');
  await user.type(screen.getByRole('textbox', { name: /^Authorised by/ }), 'A. Manager');
}

/** A temporary permit for a visitor ending in a week, every required field filled. */
async function fillTemporaryVisit(user: ReturnType<typeof renderPermitsApp>['user']) {
  await user.click(await screen.findByRole('radio', { name: 'Temporary' }));
  await fillCommon(user);
  setDate(/^End date/, addIsoDays(TODAY, 7));
  await user.click(screen.getByRole('combobox', { name: 'Reason' }));
  await user.click(screen.getByRole('option', { name: 'Visitor' }));
}

describe('AddPermitPage', () => {
  beforeAll(async () => {
    await Promise.all([import('./permits-layout'), import('./add-permit-page')]);
  });
  afterEach(() => {
    sessionStore.clear();
    vi.restoreAllMocks();
  });

  it('pre-fills site and registration from the query string and offers Custom only with its feature', async () => {
    const { unmount } = renderPermitsApp(`/permits/add?siteNumber=1001&vehicleRegistration=ab12%20cde`, {
      features: ADD,
      sites: [{ siteNumber: 'SG01', name: 'North' }, RIVERSIDE],
    });
    expect(await screen.findByRole('heading', { name: 'Add permit', level: 1 })).toBeInTheDocument();
    // The page's own title is its only h1: no section title above it.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Add permit | Client Portal'));
    expect(screen.getByText('1001 – Riverside')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Vehicle registration/ })).toHaveValue('AB12CDE');
    expect(dateInput(/^Start date/)).toHaveValue(TODAY);
    expect(screen.getByRole('radio', { name: 'Permanent' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Temporary' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Custom' })).not.toBeInTheDocument();
    unmount();

    renderPermitsApp('/permits/add', { features: [...ADD, 'Permits.CustomDuration'] });
    expect(await screen.findByRole('radio', { name: 'Custom' })).toBeInTheDocument();
    // The user's only site is chosen for them.
    expect(screen.getByText('1001 – Riverside')).toBeInTheDocument();
  });

  it('strips the registration as typed and shows the computed end of a permanent permit', async () => {
    const { user } = renderPermitsApp('/permits/add', {
      features: ADD,
      entries: { PermanentPermitYears: '2' },
    });
    const registration = await screen.findByRole('textbox', { name: /^Vehicle registration/ });
    await user.type(registration, 'ab-12 c.d e');
    expect(registration).toHaveValue('AB12CDE');
    expect(screen.getByText('Runs for 2 years from the start date.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Permanent' }));
    expect(
      screen.getByText(`The permit ends on ${ukDisplayDay(addIsoDays(addIsoMonths(TODAY, 24), -1))}.`),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/^End date/)).not.toBeInTheDocument();
  });

  it('validates on the client and sends nothing until the form is right', async () => {
    const { user, posted } = renderPermitsApp('/permits/add', { features: ADD, sites: [] });
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    for (const message of [
      'Please select a site or site group.',
      'Please choose a permit type.',
      'Please enter the vehicle registration.',
      'Please enter the driver name.',
      'Please enter who authorised the permit.',
    ]) {
      expect(await findFieldMessage(message)).toBeInTheDocument();
    }
    // Each entry of the error summary links to its field's control (issue 24: one of four did not).
    const summary = screen.getByTestId('error-summary');
    const links = within(summary).getAllByText(/^Please/);
    expect(links).toHaveLength(5);
    for (const link of links) {
      const target = link.closest('a')?.getAttribute('href') ?? '';
      expect(target, link.textContent ?? '').toMatch(/^#.+/);
      expect(document.getElementById(target.slice(1)), link.textContent ?? '').not.toBeNull();
    }
    await user.click(screen.getByRole('radio', { name: 'Temporary' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await findFieldMessage('Please enter the end date.')).toBeInTheDocument();
    setDate(/^End date/, addIsoDays(TODAY, 29));
    setDate(/^Start date/, addIsoDays(TODAY, -4));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await findFieldMessage(`The start date cannot be before ${ukDisplayDay(addIsoDays(TODAY, -3))}.`),
    ).toBeInTheDocument();
    expect(
      await findFieldMessage(`The end date cannot be after ${ukDisplayDay(addIsoDays(TODAY, 24))}.`),
    ).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('says the allowance is full as soon as the site is known, before anything is typed', async () => {
    renderPermitsApp('/permits/add?siteNumber=1001', {
      features: ADD,
      handlers: {
        '/permits/allowances/1001/use': () =>
          jsonResponse([
            {
              site_SiteGroupNumber: '1001',
              temporaryAllowance: 10,
              permanentAllowance: 5,
              temporaryInUse: 10,
              permanentInUse: 2,
            },
          ]),
      },
    });
    const heading = await screen.findByText('The allowance is full');
    const notice = heading.closest('[role="status"]') as HTMLElement;
    expect(notice).toHaveTextContent(
      '1001 has no room for another temporary permit: 10 of the 10 allowed are current or upcoming.',
    );
    expect(notice).not.toHaveTextContent('permanent or custom');
  });

  it('adds a temporary permit, shows it, and offers another add or the list', async () => {
    const { user, posted, router } = renderPermitsApp(`/permits/add${LIST_QUERY}`, {
      features: ADD,
      handlers: {
        '/permits': () =>
          jsonResponse(
            { success: true, permits: [stored()], coveredTickets: noTickets, uploadId: null },
            201,
          ),
      },
    });
    await fillTemporaryVisit(user);
    await user.click(screen.getByRole('button', { name: 'Add' }));

    const added = await screen.findByRole('status');
    expect(added).toHaveTextContent('Permit added');
    expect(added).toHaveTextContent('The permit for AB12CDE has been added. Its reference is P1001-000041.');
    expect(
      screen.getByText('A confirmation with the reference is on its way to your email.'),
    ).toBeInTheDocument();
    // The result leads to the permit and to its printable proof of registration.
    expect(screen.getByRole('link', { name: 'View permit' })).toHaveAttribute(
      'href',
      '/permits/view/site/41',
    );
    expect(screen.getByRole('link', { name: 'Print proof of registration' })).toHaveAttribute(
      'href',
      '/permits/view/site/41?print=1',
    );
    expect(posted).toEqual([
      [
        {
          id: 1,
          site_SiteGroupNumber: '1001',
          vehicleRegistration: 'AB12CDE',
          driverName: 'Jo Bloggs',
          duration: 'Temporary',
          started: TODAY,
          ended: addIsoDays(TODAY, 7),
          reason: 4,
          authorisedBy: 'A. Manager',
          driverEmail: null,
        },
      ],
    ]);
    expect(screen.getByText('Jo Bloggs')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to permits' })).toHaveAttribute(
      'href',
      `/permits${LIST_QUERY}`,
    );

    await user.click(screen.getByRole('button', { name: 'Add another' }));
    expect(await screen.findByRole('textbox', { name: /^Driver name/ })).toHaveValue('');
    expect(screen.getByText('1001 – Riverside')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', `/permits${LIST_QUERY}`);
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/permits'));
    expect(router.state.location.search).toBe(LIST_QUERY);
  });

  it('sends the optional driver email and says the driver gets a copy', async () => {
    const { user, posted } = renderPermitsApp(`/permits/add${LIST_QUERY}`, {
      features: ADD,
      handlers: {
        '/permits': () =>
          jsonResponse(
            { success: true, permits: [stored()], coveredTickets: noTickets, uploadId: null },
            201,
          ),
      },
    });
    await fillTemporaryVisit(user);
    await user.type(screen.getByRole('textbox', { name: /^Driver email/ }), ' jo@driver.example ');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Its reference is P1001-000041.');
    expect(
      screen.getByText('A confirmation with the reference is on its way to your email and to the driver.'),
    ).toBeInTheDocument();
    expect(posted).toEqual([[expect.objectContaining({ driverEmail: 'jo@driver.example' })]]);
  });

  it('shows server messages by field, with the allowance line, and stays editable', async () => {
    const { user } = renderPermitsApp('/permits/add', {
      features: ADD,
      handlers: {
        '/permits': () =>
          problem(
            400,
            {
              vehicleRegistration: ['This vehicle already has a permit at this site for these dates.'],
              Allowance: ['The permanent permit allowance for site 1001 (5) would be exceeded.'],
            },
            [
              { line: null, field: 'vehicleRegistration', code: 'overlap', params: {} },
              {
                line: null,
                field: 'Allowance',
                code: 'allowanceExceeded',
                params: { kind: 'permanent', place: 'site 1001', cap: 5 },
              },
            ],
          ),
      },
    });
    const registration = await screen.findByRole('textbox', { name: /^Vehicle registration/ });
    await user.type(registration, 'AB12CDE');
    await user.click(screen.getByRole('radio', { name: 'Permanent' }));
    await fillCommon(user);
    await user.click(screen.getByRole('button', { name: 'Add' }));

    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Please check the following');
    const items = within(warning)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'This vehicle already has a permit at this site for these dates.',
      'The permanent permit allowance for site 1001 (5) would be exceeded.',
      'Your permit allowance has been exceeded. Please contact your client liaison representative on 020 7946 0018 or at support@operator.example to change it.',
    ]);
    // The field's own message too.
    await waitFor(() => expect(registration).toHaveAccessibleDescription(/already has a permit/));
    expect(registration).toBeEnabled();
  });

  it('says the add failed on other errors', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderPermitsApp('/permits/add?vehicleRegistration=AB1', {
      features: ADD,
      handlers: { '/permits': () => problem(500) },
    });
    await user.click(await screen.findByRole('radio', { name: 'Permanent' }));
    await fillCommon(user);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The permit could not be added. Please try again later.',
    );
    expect(logged).toHaveBeenCalled();
  });

  it('sends users without Permits.Add to the permits page they can use', async () => {
    const { router } = renderPermitsApp('/permits/add', { features: ['Permits.View'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/permits'));
  });
});
