import { addIsoDays, type PlateWarning, ukToday } from '@client-portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { jsonResponse } from '../../../test/render';
import { renderPermitsApp } from '../permits-test-app';

const TODAY = ukToday();
const seen: PlateWarning = {
  code: 'similarSeen',
  params: { suggestion: 'KS14BXE', seenThisWeek: 3, seen30Days: 9 },
};
const stored = (vehicleRegistration: string) => ({
  type: 'site',
  permitId: 41,
  reference: 'P1001-000041',
  site_SiteGroupNumber: '1001',
  vehicleRegistration,
  driverName: 'Jo Bloggs',
  isTemp: true,
  started: `${TODAY}T00:00:00.000Z`,
  ended: `${addIsoDays(TODAY, 2)}T23:59:59.000Z`,
  cancelledAt: null,
});

/** The add page over a plate check answering `warnings()` for whatever plate is typed. */
function renderAddPage(warnings: () => PlateWarning[], registration: () => string) {
  return renderPermitsApp('/permits/add', {
    features: ['Permits.View', 'Permits.Add'],
    handlers: {
      '/permits/plate-check': () =>
        jsonResponse({ rows: [{ id: 0, vehicleRegistration: registration(), warnings: warnings() }] }),
      '/permits': () =>
        jsonResponse(
          {
            success: true,
            permits: [stored(registration())],
            coveredTickets: { tickets: [], more: false },
            uploadId: null,
          },
          201,
        ),
    },
  });
}

async function fill(user: ReturnType<typeof renderPermitsApp>['user'], plate: string) {
  await user.click(await screen.findByRole('radio', { name: 'Temporary' }));
  await user.type(screen.getByRole('textbox', { name: /^Vehicle registration/ }), plate);
  await user.type(screen.getByRole('textbox', { name: /^Driver name/ }), 'Jo Bloggs');
  await user.type(screen.getByRole('textbox', { name: /^Authorised by/ }), 'A. Manager');
  fireEvent.change(screen.getByLabelText(/^End date/), { target: { value: addIsoDays(TODAY, 2) } });
}

describe('plate warnings on the single add form', () => {
  beforeAll(async () => {
    await Promise.all([import('../permits-layout'), import('../add-permit-page')]);
  });
  afterEach(() => sessionStore.clear());

  it('offers the seen plate in one click, and the add then stores it', async () => {
    let plate = 'K514BXE';
    const { user, posted } = renderAddPage(
      () => (plate === 'K514BXE' ? [seen] : []),
      () => plate,
    );
    await fill(user, 'k514bxe');
    expect(
      await screen.findByText('Did you mean KS14 BXE, seen here 3 times this week?'),
    ).toBeInTheDocument();
    plate = 'KS14BXE';
    await user.click(screen.getByRole('button', { name: 'Use KS14BXE' }));
    expect(screen.getByRole('textbox', { name: /^Vehicle registration/ })).toHaveValue('KS14BXE');
    await waitFor(() => expect(screen.queryByTestId('plate-warning')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('status', {}, { timeout: 15_000 })).toHaveTextContent(
      'The permit for KS14BXE has been added.',
    );
    expect(posted).toEqual([[expect.objectContaining({ vehicleRegistration: 'KS14BXE' })]]);
    expect(posted[0]).not.toEqual([expect.objectContaining({ confirmedWarnings: true })]);
  });

  it('asks for "Save anyway" before keeping the typed plate, then sends the confirmation', async () => {
    const { user, posted } = renderAddPage(
      () => [seen],
      () => 'K514BXE',
    );
    await fill(user, 'K514BXE');
    await screen.findByTestId('plate-warning');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findAllByText('Use the suggested registration, or tick "Save anyway" to keep K514BXE.'),
    ).not.toHaveLength(0);
    expect(posted).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: 'Save anyway with K514BXE' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('status', {}, { timeout: 15_000 })).toHaveTextContent(
      'The permit for K514BXE has been added.',
    );
    expect(posted).toEqual([
      [expect.objectContaining({ vehicleRegistration: 'K514BXE', confirmedWarnings: true })],
    ]);
  });

  it('notes a plate of no UK format without asking for a confirmation', async () => {
    const { user, posted } = renderAddPage(
      () => [{ code: 'unknownFormat', params: {} }],
      () => 'MYCAR',
    );
    await fill(user, 'MYCAR');
    expect(await screen.findByTestId('plate-format-note')).toHaveTextContent(
      'does not look like a UK registration',
    );
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('status', {}, { timeout: 15_000 })).toHaveTextContent(
      'The permit for MYCAR has been added.',
    );
    expect(posted).toEqual([[expect.not.objectContaining({ confirmedWarnings: true })]]);
  });
});
