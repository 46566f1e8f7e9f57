import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser, newContext } from './browser.js';
import { waitForBulkUpload } from './bulk-upload.js';
import { sharedServerUrl } from './shared-server.js';
import { DEMO_PASSWORD, signIn } from './sign-in.js';

const MANAGER = 'manager@acme.example';
// Sites of the manager's group SG01 without permit allowances (unlimited), away from the clerk's 1001
// and the full 1005, so other journeys' counts and refusals stay as they are.
const SINGLE_SITE = '1003';
const BULK_SITES = ['1004', '1006'];

/** A registration no demo permit has: 'PM' and six letters or digits from the clock and a counter. */
let counter = 0;
function newRegistration(): string {
  counter += 1;
  return `PM${(Date.now() + counter).toString(36).toUpperCase().slice(-6)}`;
}

/** Today in the UK as yyyy-mm-dd (the browser runs in Europe/London too). */
function ukDay(offsetDays = 0): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}
const dmy = (iso: string) => iso.split('-').reverse().join('/');

/** The total in the table summary 'Showing 1–10 of N'. */
async function tableTotal(page: Page): Promise<number> {
  const summary = page.getByText(/^Showing \d+–\d+ of \d+$/);
  await summary.waitFor();
  return Number((await summary.textContent())?.match(/of (\d+)$/)?.[1]);
}

/**
 * Picks a file as a user does: the drop area's button opens the file chooser. (Choosing the same file
 * again after fixing it must work: the drop area clears its input before opening the chooser.)
 */
async function chooseFile(page: Page, file: string) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Choose a CSV file' }).click(),
  ]);
  await chooser.setFiles(file);
}

/** The list filtered to one registration in one state, straight from the address bar. */
async function openList(page: Page, state: string, registration: string) {
  await page.goto(`/permits?state=${state}&vehicleRegistration=${registration}`);
  await page.getByRole('heading', { name: 'Permits', level: 1 }).waitFor();
}

describe('adding, expiring and bulk adding permits in a browser', () => {
  const baseUrl = sharedServerUrl();
  let browser: Browser;
  let page: Page;
  let dir: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await newContext(browser, baseUrl);
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-portal-permits-'));
    await signIn(page, MANAGER, DEMO_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the Acme manager adds a temporary permit, finds it, expires it and finds it under expired', async () => {
    const registration = newRegistration();
    await page.goto('/permits?state=current');
    await page.getByRole('link', { name: 'Add permit' }).click();
    await page.waitForURL((url) => url.pathname === '/permits/add' && url.search === '?state=current');
    await expect.poll(() => page.title()).toBe('Add permit | Client Portal');

    await page.getByPlaceholder('Type a site or site group number').fill(SINGLE_SITE);
    await page.getByRole('option', { name: new RegExp(`^${SINGLE_SITE} – `) }).click();
    await page.getByRole('radio', { name: 'Temporary' }).check();
    const registrationBox = page.getByRole('textbox', { name: /^Vehicle registration/ });
    // Typed with a space and in lower case: the form keeps capitals and digits only.
    await registrationBox.fill(`${registration.slice(0, 3).toLowerCase()} ${registration.slice(3)}`);
    expect(await registrationBox.inputValue()).toBe(registration);
    await page.getByRole('textbox', { name: /^Driver name/ }).fill("Jo O'Brien");
    expect(await page.getByLabel(/^Start date/).inputValue()).toBe(ukDay());
    await page.getByLabel(/^End date/).fill(ukDay(7));
    await page.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'Visitor' }).click();
    await page.getByRole('textbox', { name: /^Authorised by/ }).fill('A. Manager');
    await page.getByRole('button', { name: 'Add', exact: true }).click();

    await page.getByText(`The permit for ${registration} has been added.`).waitFor();
    // Dates are the days the user chose, in UK form: the end day, not the midnight after it.
    await page
      .getByText(dmy(ukDay(7)), { exact: true })
      .first()
      .waitFor();
    expect(await page.getByText(dmy(ukDay(8))).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to permits' }).click();
    await page.waitForURL((url) => url.pathname === '/permits' && url.search === '?state=current');
    await page.getByRole('searchbox', { name: 'Search' }).fill(registration);
    await expect.poll(() => tableTotal(page)).toBe(1);
    const cells = await page.getByRole('row').nth(1).getByRole('cell').allTextContents();
    expect(cells.slice(0, 6)).toEqual([
      SINGLE_SITE,
      registration,
      "Jo O'Brien",
      'Temporary',
      dmy(ukDay()),
      dmy(ukDay(7)),
    ]);

    await page.getByRole('link', { name: `Expire the permit for ${registration}` }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/permits/disable/site/'));
    await page.getByRole('heading', { name: 'Expire permit' }).waitFor();
    await page.getByText("Jo O'Brien").waitFor();
    await page.getByText(dmy(ukDay(7)), { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Expire permit' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `The permit for ${registration} at ${SINGLE_SITE} has been expired.` })
      .waitFor();

    // Back on the list with its filters: no longer current, but listed under expired.
    await page.waitForURL(
      (url) =>
        url.pathname === '/permits' &&
        url.searchParams.get('state') === 'current' &&
        url.searchParams.get('q') === registration,
    );
    await page.getByText('There were no results returned for this query.').waitFor();
    await page.getByRole('combobox', { name: 'Permit state' }).click();
    await page.getByRole('option', { name: 'Expired' }).click();
    await expect.poll(() => tableTotal(page)).toBe(1);
    expect(await page.getByRole('cell', { name: registration }).count()).toBe(1);
    expect(await page.getByRole('link', { name: /^Expire the permit/ }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('a manager fixes two rows of a bulk preview in place and uploads', async () => {
    const registrations = [newRegistration(), newRegistration(), newRegistration()];
    const file = path.join(dir, 'permits.csv');
    const write = (badSite: string) =>
      fs.writeFileSync(
        file,
        [
          'Site,Vehicle Registration,Driver Name,Temporary,Start Date,End Date',
          `${BULK_SITES[0]},${registrations[0]},Al Smith,Yes,${dmy(ukDay())},${dmy(ukDay(14))}`,
          `${BULK_SITES[1]},${registrations[1]},"Jo O'Neil",No,${ukDay()},`,
          `${badSite},${registrations[2]},Sam Patel,no,${dmy(ukDay())},`,
        ].join('\r\n'),
      );

    await openList(page, 'current', registrations[0]!);
    await page.getByRole('link', { name: 'Bulk add' }).click();
    await page.waitForURL((url) => url.pathname === '/permits/bulk-add');
    await expect.poll(() => page.title()).toBe('Bulk add permits | Client Portal');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download a template' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('permits-template.csv');
    const template = fs.readFileSync((await download.path())!, 'utf8');
    expect(template).toBe('Site,Vehicle Registration,Driver Name,Temporary,Start Date,End Date\r\n');

    write('2001');
    await chooseFile(page, file);
    await page.getByRole('heading', { name: 'Found permits' }).waitFor();
    const badRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: registrations[2] }) });
    await badRow.getByText('2001 is not assigned to your account').waitFor();
    await page.getByText('The file contains rows with validation errors. Fix the highlighted rows').waitFor();
    expect(await page.getByRole('button', { name: 'Upload' }).isDisabled()).toBe(true);

    // A manager fixes two rows of the preview in place (issue 24), without choosing the file again.
    fs.writeFileSync(
      file,
      [
        'Site,Vehicle Registration,Driver Name,Temporary,Start Date,End Date',
        `${BULK_SITES[0]},${registrations[0]},Al Smith,Yes,${dmy(ukDay())},`,
        `${BULK_SITES[1]},${registrations[1]},"Jo O'Neil",No,${ukDay()},`,
        `2001,${registrations[2]},Sam Patel,no,${dmy(ukDay())},`,
      ].join('\r\n'),
    );
    await chooseFile(page, file);
    await page.getByText('1 of 3 rows are valid.').waitFor();
    await page.getByRole('checkbox', { name: 'Show only rows that need attention' }).check();
    expect(await axeViolations(page, 'bulk preview needing attention')).toEqual([]);
    // Row 2 by keyboard: its missing End Date is on its field; typed, checked again, saved.
    await page.getByRole('button', { name: 'Edit row 2' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit row 2' });
    await dialog.getByText('End Date is required').waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(page, `bulk row edit, ${scheme}`)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await dialog.getByRole('textbox', { name: 'End date' }).fill(dmy(ukDay(14)));
    await page.keyboard.press('Enter');
    await page.getByText(/Row 2 was checked again and is valid/).waitFor();
    // Row 4 by mouse: a site the manager holds.
    await page.getByRole('button', { name: 'Edit row 4' }).click();
    const second = page.getByRole('dialog', { name: 'Edit row 4' });
    await second.getByRole('textbox', { name: 'Site' }).fill(BULK_SITES[1]!);
    await second.getByRole('button', { name: 'Check and save' }).click();
    await page.getByText(/Row 4 was checked again and is valid/).waitFor();
    await page.getByRole('checkbox', { name: 'Show only rows that need attention' }).uncheck();
    await page.getByText('3 of 3 rows are valid.').waitFor();
    await page.getByRole('button', { name: 'Upload' }).click();
    // The test's plates are of no UK format: the upload asks once to confirm those warnings.
    await waitForBulkUpload(
      page,
      page.getByText('The file has been uploaded and 3 permits have been added.'),
    );

    // 'Add more permits' starts over; Cancel goes back to the list with its filters.
    await page.getByRole('button', { name: 'Add more permits' }).click();
    await page.getByText('Drag a CSV file here, or choose one').waitFor();
    expect(await page.getByRole('heading', { name: 'Found permits' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Upload' }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/permits' &&
        url.searchParams.get('state') === 'current' &&
        url.searchParams.get('vehicleRegistration') === registrations[0],
    );

    const expected = [
      [BULK_SITES[0], registrations[0], 'Al Smith', 'Temporary'],
      [BULK_SITES[1], registrations[1], "Jo O'Neil", 'Permanent'],
      [BULK_SITES[1], registrations[2], 'Sam Patel', 'Permanent'],
    ];
    for (const row of expected) {
      await openList(page, 'current', row[1]!);
      await expect.poll(() => tableTotal(page)).toBe(1);
      expect((await page.getByRole('row').nth(1).getByRole('cell').allTextContents()).slice(0, 4)).toEqual(
        row,
      );
    }
    expect(pageErrors).toEqual([]);
  });
});
