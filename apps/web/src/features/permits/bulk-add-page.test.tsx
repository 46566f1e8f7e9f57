import { addIsoDays, addIsoMonths, ukDisplayDay, ukToday } from '@client-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../lib/session';
import { jsonResponse } from '../../test/render';
import { problem, renderPermitsApp } from './permits-test-app';

const noTickets = { tickets: [], more: false };

const BULK = ['Permits.View', 'Permits.BulkAdd'];
const HEADER = 'Site,Vehicle Registration,Driver Name,Temporary,Start Date,End Date';
const TODAY = ukToday();
const uk = (days: number) => ukDisplayDay(addIsoDays(TODAY, days));
const GOOD_ROWS = [`1001,ab12 cde,Jo Bloggs,Yes,${uk(0)},${uk(7)}`, `1001,KX70COF,Al Smith,no,${uk(1)},`];

// user.upload honours the input's accept list by default; these tests pick wrong files on purpose.
const uploader = () => userEvent.setup({ applyAccept: false });
const csvFile = (lines: string[], name = 'permits.csv', type = 'text/csv') =>
  new File([`${lines.join('\r\n')}\r\n`], name, { type });

async function pick(file: File) {
  await uploader().upload(await screen.findByLabelText('CSV file'), file);
}

/**
 * Each data row's cells (first row is the header; the last cell, the Edit button, left out); a status of
 * several reasons joined with '; '.
 */
const tableRows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, -1)
        .map((cell) => {
          const reasons = within(cell).queryAllByRole('listitem');
          return reasons.length > 0 ? reasons.map((item) => item.textContent).join('; ') : cell.textContent;
        }),
    );

function renderBulk(handler?: () => Response) {
  return renderPermitsApp('/permits/bulk-add?state=current', {
    features: BULK,
    handlers: {
      ...(handler ? { '/permits': handler } : {}),
    },
  });
}

describe('BulkAddPage', () => {
  beforeAll(async () => {
    await Promise.all([import('./permits-layout'), import('./bulk-add-page')]);
  });
  afterEach(() => {
    sessionStore.clear();
    vi.restoreAllMocks();
  });

  it('previews the rows with their status and keeps Upload off while a row is wrong', async () => {
    renderBulk();
    expect(await screen.findByRole('heading', { name: 'Bulk add permits', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Bulk add permits | Client Portal'));
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    await pick(csvFile([HEADER, ...GOOD_ROWS, `2001,AB1,Jo <b>,Yes,${uk(0)},`]));

    expect(await screen.findByRole('heading', { name: 'Found permits' })).toBeInTheDocument();
    expect(screen.getByText('Selected: permits.csv')).toBeInTheDocument();
    expect(tableRows()).toEqual([
      ['2', '1001', 'AB12CDE', 'Jo Bloggs', 'Temporary', uk(0), uk(7), 'Valid'],
      // A permanent permit runs PermanentPermitYears (1 by default) from its start: the last day it covers,
      // as stored and emailed, is the day before that anniversary.
      [
        '3',
        '1001',
        'KX70COF',
        'Al Smith',
        'Permanent',
        uk(1),
        ukDisplayDay(addIsoDays(addIsoMonths(addIsoDays(TODAY, 1), 12), -1)),
        'Valid',
      ],
      [
        '4',
        '2001',
        'AB1',
        'Jo <b>',
        'Temporary',
        uk(0),
        '-',
        '2001 is not assigned to your account; Driver name contains invalid characters.; End Date is required',
      ],
    ]);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The permits cannot be added as the file stands.');
    expect(alert).toHaveTextContent(
      'The file contains rows with validation errors. Fix the highlighted rows and reselect the file, or correct them here with Edit.',
    );
    expect(screen.getByText('2 of 3 rows are valid.')).toBeInTheDocument();
    const highlighted = screen.getAllByRole('row').filter((row) => row.hasAttribute('data-highlighted'));
    expect(highlighted.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['4']);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();

    await uploader().click(screen.getByRole('checkbox', { name: 'Show only rows that need attention' }));
    expect(tableRows().map((row) => row[0])).toEqual(['4']);
  });

  it('accepts only .csv files of a CSV type (or none), and needs the columns', async () => {
    renderBulk();
    await pick(csvFile([HEADER, ...GOOD_ROWS], 'permits.txt', 'text/plain'));
    expect(await screen.findByText(/The selected file is not a CSV file\./)).toBeInTheDocument();
    await pick(csvFile([HEADER, ...GOOD_ROWS], 'permits.csv', 'application/pdf'));
    expect(await screen.findByText(/The selected file is not a CSV file\./)).toBeInTheDocument();

    for (const type of ['', 'application/vnd.ms-excel']) {
      await pick(csvFile([HEADER, ...GOOD_ROWS], 'PERMITS.CSV', type));
      await screen.findByRole('heading', { name: 'Found permits' });
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    }

    await pick(csvFile(['Site,Registration,Driver Name,Temporary', '1001,AB1,Jo,No']));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The permits cannot be added as the file stands.');
    expect(alert).toHaveTextContent('Please select a CSV file containing the specified columns.');
    expect(alert).toHaveTextContent('Missing columns: Vehicle Registration, Start Date.');
    expect(screen.queryByRole('heading', { name: 'Found permits' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('uploads the valid rows as bulk rows, then offers to add more', async () => {
    const added = [1, 2].map((permitId) => ({
      type: 'site',
      permitId,
      reference: `P1001-00000${permitId}`,
      site_SiteGroupNumber: '1001',
      vehicleRegistration: 'AB12CDE',
      driverName: 'Jo Bloggs',
      isTemp: true,
      started: '2026-03-01T00:00:00.000Z',
      ended: '2026-03-08T00:00:00.000Z',
      cancelledAt: null,
    }));
    const { posted } = renderBulk(() =>
      jsonResponse({ success: true, permits: added, coveredTickets: noTickets, uploadId: 12 }, 201),
    );
    await pick(csvFile([HEADER, ...GOOD_ROWS]));
    const upload = screen.getByRole('button', { name: 'Upload' });
    await waitFor(() => expect(upload).toBeEnabled());
    await uploader().click(upload);

    expect(await screen.findByRole('status')).toHaveTextContent(
      'The file has been uploaded and 2 permits have been added.',
    );
    expect(posted).toEqual([
      [
        {
          id: 2,
          site_SiteGroupNumber: '1001',
          vehicleRegistration: 'AB12CDE',
          driverName: 'Jo Bloggs',
          duration: 'Temporary',
          started: TODAY,
          ended: addIsoDays(TODAY, 7),
        },
        {
          id: 3,
          site_SiteGroupNumber: '1001',
          vehicleRegistration: 'KX70COF',
          driverName: 'Al Smith',
          duration: 'Permanent',
          started: addIsoDays(TODAY, 1),
          ended: null,
        },
      ],
    ]);
    expect(screen.getByRole('link', { name: 'Back to permits' })).toHaveAttribute(
      'href',
      '/permits?state=current',
    );

    await uploader().click(screen.getByRole('button', { name: 'Add more permits' }));
    expect(await screen.findByLabelText('CSV file')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Found permits' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('maps server messages back onto their rows and adds the allowance line', async () => {
    renderBulk(() =>
      problem(
        400,
        {
          '3_vehicleRegistration': ['This vehicle already has a permit at this site for these dates.'],
          Allowance: ['The permanent permit allowance for site 1001 (5) would be exceeded.'],
        },
        [
          { line: 3, field: 'vehicleRegistration', code: 'overlap', params: {} },
          {
            line: null,
            field: 'Allowance',
            code: 'allowanceExceeded',
            params: { kind: 'permanent', place: 'site 1001', cap: 5 },
          },
        ],
      ),
    );
    await pick(csvFile([HEADER, ...GOOD_ROWS]));
    const upload = screen.getByRole('button', { name: 'Upload' });
    await waitFor(() => expect(upload).toBeEnabled());
    await uploader().click(upload);

    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'The file contains rows with validation errors. Fix the highlighted rows and reselect the file, or correct them here with Edit.',
      'The permanent permit allowance for site 1001 (5) would be exceeded.',
      'Your permit allowance has been exceeded. Please contact your client liaison representative on 020 7946 0018 or at support@operator.example to change it.',
    ]);
    expect(tableRows().map((row) => row.at(-1))).toEqual([
      'Valid',
      'This vehicle already has a permit at this site for these dates.',
    ]);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('says the bulk add failed on other errors, and lets the user try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBulk(() => problem(500));
    await pick(csvFile([HEADER, ...GOOD_ROWS]));
    const upload = screen.getByRole('button', { name: 'Upload' });
    await waitFor(() => expect(upload).toBeEnabled());
    await uploader().click(upload);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The permits could not be added. Please try again later.',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled());
  });

  it('offers the template and a Cancel back to the list', async () => {
    renderBulk();
    const template = await screen.findByRole('link', { name: 'Download a template' });
    expect(template).toHaveAttribute('download', 'permits-template.csv');
    expect(decodeURIComponent(template.getAttribute('href') ?? '')).toBe(
      `data:text/csv;charset=utf-8,${HEADER}\r\n`,
    );
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/permits?state=current');
  });

  it('sends users without Permits.BulkAdd to the permits page they can use', async () => {
    const { router } = renderPermitsApp('/permits/bulk-add', { features: ['Permits.View', 'Permits.Add'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/permits'));
  });

  it('fixes two rows in place, checks the edited plate again, and confirms the warning once', async () => {
    const plateAnswers: Record<string, unknown[]> = {
      KX70COF: [],
      AB12CDF: [{ code: 'similarPermit', params: { suggestion: 'AB12CDE' } }],
    };
    const { posted } = renderPermitsApp('/permits/bulk-add?state=current', {
      features: BULK,
      handlers: {
        '/permits/plate-check': (init) => {
          const { rows } = JSON.parse(String(init.body)) as {
            rows: { id: number; vehicleRegistration: string }[];
          };
          return jsonResponse({
            rows: rows.map((r) => ({
              id: r.id,
              vehicleRegistration: r.vehicleRegistration,
              warnings: plateAnswers[r.vehicleRegistration] ?? [],
            })),
          });
        },
        '/permits': () =>
          jsonResponse({ success: true, permits: [], coveredTickets: noTickets, uploadId: 3 }, 201),
      },
    });
    const user = uploader();
    await pick(
      csvFile([
        HEADER,
        GOOD_ROWS[1] ?? '',
        `1001,AB1,Jo <b>,Yes,${uk(0)},`,
        `2001,AB12CDF,Al Smith,No,${uk(1)},`,
      ]),
    );
    await screen.findByRole('heading', { name: 'Found permits' });
    expect(
      screen.getByText('2 rows need attention: fix them with Edit, or change the file and choose it again.'),
    );
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();

    // Row 3: the dialog opens on the row's cells, each refusal on its field.
    await user.click(screen.getByRole('button', { name: 'Edit row 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit row 3' });
    const driver = within(dialog).getByRole('textbox', { name: 'Driver name' });
    await waitFor(() =>
      expect(driver).toHaveAccessibleDescription('Driver name contains invalid characters.'),
    );
    expect(within(dialog).getByRole('textbox', { name: /^End date/ })).toHaveAccessibleDescription(
      /End Date is required/,
    );
    await user.clear(driver);
    await user.type(driver, 'Jo Bloggs');
    await user.click(within(dialog).getByRole('button', { name: 'Check and save' }));
    // Still refused (no end date): the dialog stays, focus on the field that is wrong.
    const end = within(dialog).getByRole('textbox', { name: /^End date/ });
    await waitFor(() => expect(end).toHaveFocus());
    await user.type(end, uk(3));
    await user.click(within(dialog).getByRole('button', { name: 'Check and save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Row 3 was checked again and is valid.')).toHaveFocus());

    // Row 4: a site the user does not hold; once fixed, its plate is checked and warned about.
    await user.click(screen.getByRole('button', { name: 'Edit row 4' }));
    const second = await screen.findByRole('dialog', { name: 'Edit row 4' });
    const site = within(second).getByRole('textbox', { name: 'Site' });
    await user.clear(site);
    await user.type(site, '1001');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(
        screen.getByText('Row 4 was checked again and is valid, with a warning about its registration.'),
      ).toHaveFocus(),
    );
    expect(tableRows().map((row) => row[7])).toEqual(['Valid', 'Valid', 'Valid']);
    const highlighted = screen.getAllByRole('row').filter((row) => row.hasAttribute('data-highlighted'));
    expect(highlighted.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['4']);

    // Only rows that need attention: row 4, with its warning.
    await user.click(screen.getByRole('checkbox', { name: 'Show only rows that need attention' }));
    expect(tableRows().map((row) => row[0])).toEqual(['4']);

    // The upload asks once about the warned row; Go back leaves everything as it was.
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const confirm = await screen.findByRole('dialog', { name: 'Upload rows with warnings?' });
    expect(confirm).toHaveTextContent('Row 4 still carries a warning about its registration.');
    await user.click(within(confirm).getByRole('button', { name: 'Upload anyway' }));
    expect(
      await screen.findByText('The file has been uploaded and 0 permits have been added.'),
    ).toBeInTheDocument();
    const uploads = posted.filter((body) => Array.isArray(body)) as Record<string, unknown>[][];
    expect(uploads).toHaveLength(1);
    expect(
      uploads[0]?.map((row) => [row.id, row.driverName, row.site_SiteGroupNumber, row.confirmedWarnings]),
    ).toEqual([
      [2, 'Al Smith', '1001', undefined],
      [3, 'Jo Bloggs', '1001', undefined],
      [4, 'Al Smith', '1001', true],
    ]);
    expect(uploads[0]?.[1]).toMatchObject({
      duration: 'Temporary',
      started: TODAY,
      ended: addIsoDays(TODAY, 3),
    });
  });
});
