import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser } from './browser.js';
import { addFiveDayPermit, ukDay } from './permits-by-api.js';
import { sharedServerUrl } from './shared-server.js';
import { apiAccessToken, apiCaller, DEMO_PASSWORD, signIn } from './sign-in.js';

const MANAGER = 'manager@acme.example';
const ADMIN = 'admin@operator.example';
/**
 * Demo tickets to look through for one the journey can cover: the newest generated ones (their
 * numbers follow the issue date), the first open, uncovered one violated since a permit may start.
 * Site 1003 has used up its cancellations (README), and 1001 is the clerk journeys' site.
 */
const CANDIDATE_TICKETS = Array.from({ length: 150 }, (_, k) => `PCN${20_002_400 - k}`);
const AVOIDED_SITES = ['1001', '1003'];
/** A site of the manager's group without ticket or permit limits that bother other journeys. */
const EDIT_SITE = '1002';

let counter = 0;
/** A registration no demo permit has: 'PE' and six letters or digits from the clock and a counter. */
function newRegistration(): string {
  counter += 1;
  return `PE${(Date.now() + counter).toString(36).toUpperCase().slice(-6)}`;
}

/** A UK day (yyyy-mm-dd) of an instant, or today with an offset. */
function ukDayOf(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(instant);
}
const dmy = (iso: string) => iso.split('-').reverse().join('/');

interface LookedUp {
  ticketNumber: string;
  siteNumber: string;
  vehicleRegistration: string;
  violationDate: string;
  permitCovered: boolean;
}

describe('permits that reconcile tickets, edits and their history, in a browser', () => {
  const baseUrl = sharedServerUrl();
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let page: Page;
  let token = '';
  const call = apiCaller(
    () => baseUrl,
    () => token,
  );
  /** A temporary permit at EDIT_SITE from today for five days, added through the API as the manager. */
  const addFiveDayPermitHere = (registration: string, driverName: string) =>
    addFiveDayPermit(call, EDIT_SITE, registration, driverName);
  const violations: string[] = [];

  async function signedIn(mode: 'light' | 'dark'): Promise<Page> {
    const context = await browser.newContext({
      baseURL: baseUrl,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
      colorScheme: mode,
    });
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    const fresh = await context.newPage();
    await signIn(fresh, MANAGER, DEMO_PASSWORD);
    return fresh;
  }

  /** The first candidate ticket still open, not covered, and violated no earlier than a permit may start. */
  async function uncoveredTicket(): Promise<LookedUp> {
    for (const number of CANDIDATE_TICKETS) {
      const ticket = (await call('GET', `/tickets/Cancel/${number}`).catch(() => null)) as LookedUp | null;
      if (
        ticket &&
        !ticket.permitCovered &&
        !AVOIDED_SITES.includes(ticket.siteNumber) &&
        ukDayOf(new Date(ticket.violationDate)) >= ukDay(-3)
      )
        return ticket;
    }
    throw new Error('No demo ticket is open, uncovered and violated in the last 3 days.');
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiAccessToken(baseUrl, MANAGER, DEMO_PASSWORD);
    page = await signedIn('light');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('a manager adds a permit that covers an open ticket and cancels the ticket from the result', async () => {
    const ticket = await uncoveredTicket();
    const start = ukDayOf(new Date(ticket.violationDate));
    await page.goto('/permits/add');
    await page.getByRole('heading', { name: 'Add permit' }).waitFor();
    // A group permit of SG01 covers the ticket's site, one of its members.
    await page.getByPlaceholder('Type a site or site group number').fill('SG01');
    await page.getByRole('option', { name: /^SG01 – / }).click();
    await page.getByRole('radio', { name: 'Temporary' }).check();
    await page.getByRole('textbox', { name: /^Vehicle registration/ }).fill(ticket.vehicleRegistration);
    await page.getByRole('textbox', { name: /^Driver name/ }).fill('Tia Covered');
    await page.getByLabel(/^Start date/).fill(start);
    await page.getByLabel(/^End date/).fill(ukDay(2));
    await page.getByRole('textbox', { name: /^Authorised by/ }).fill('A. Manager');
    await page.getByRole('button', { name: 'Add', exact: true }).click();

    await page.getByText(`The permit for ${ticket.vehicleRegistration} has been added.`).waitFor();
    await page.getByRole('heading', { name: 'Open tickets this permit covers' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: ticket.ticketNumber });
    await expect.poll(() => row.getByRole('cell').last().textContent()).toBe('Open');
    violations.push(...(await axeViolations(page, 'light add result with covered tickets')));

    await page.getByRole('button', { name: 'Cancel these tickets' }).click();
    await expect.poll(() => row.getByRole('cell').last().textContent()).toBe('Cancelled');
    await page
      .getByRole('status')
      .filter({ hasText: /tickets cancelled/ })
      .waitFor();
    // Cancelled through the tickets' own rules: looking it up again is refused as cancelled.
    await expect(call('GET', `/tickets/Cancel/${ticket.ticketNumber}`)).rejects.toThrow(/Cancelled/);
  });

  it('a manager corrects a registration to one a character off a vehicle seen there, and takes the suggestion', async () => {
    // The operator's cameras read a vehicle at the site three times this week.
    const seen = `PE5${(Date.now() + ++counter).toString(36).toUpperCase().slice(-5)}`;
    const typo = `PES${seen.slice(3)}`;
    const adminToken = await apiAccessToken(baseUrl, ADMIN, DEMO_PASSWORD);
    await apiCaller(
      () => baseUrl,
      () => adminToken,
    )('POST', '/sightings', {
      rows: [1, 25, 49].map((hours) => ({
        siteNumber: EDIT_SITE,
        registration: seen,
        enteredAt: new Date(Date.now() - hours * 3_600_000).toISOString(),
        exitedAt: null,
        readConfidence: 0.9,
      })),
    });
    const registration = newRegistration();
    const added = await addFiveDayPermitHere(registration, 'Ty Po');

    await page.goto(`/permits/edit/site/${added!.permitId}`);
    await page.getByRole('heading', { name: 'Edit permit' }).waitFor();
    const field = page.getByRole('textbox', { name: /^Vehicle registration/ });
    await field.fill(typo);
    const warning = page.getByTestId('plate-warning');
    await warning.getByText(/^Did you mean .+, seen here 3 times this week\?$/).waitFor();
    await warning.getByRole('checkbox', { name: `Save anyway with ${typo}` }).waitFor();
    violations.push(...(await axeViolations(page, 'light edit permit with a plate warning')));
    // Saving without a choice is held back with the reason, as on the add.
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page
      .getByText(`Use the suggested registration, or tick "Save anyway" to keep ${typo}.`)
      .first()
      .waitFor();

    await warning.getByRole('button', { name: `Use ${seen}` }).click();
    expect(await field.inputValue()).toBe(seen);
    await warning.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`The permit for ${seen} has been updated.`).waitFor();
    await page.getByText('Changed: Vehicle registration.').waitFor();
    const stored = (await call('GET', `/permits/site/${added!.permitId}`)) as { vehicleRegistration: string };
    expect(stored.vehicleRegistration).toBe(seen);

    // "Save anyway" keeps the typed plate (the server takes it as confirmed).
    await page.goto(`/permits/edit/site/${added!.permitId}`);
    await field.fill(typo);
    await warning.getByRole('checkbox', { name: `Save anyway with ${typo}` }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`The permit for ${typo} has been updated.`).waitFor();
    const kept = (await call('GET', `/permits/site/${added!.permitId}`)) as { vehicleRegistration: string };
    expect(kept.vehicleRegistration).toBe(typo);
  });

  it('a manager edits a permit’s end date from the list and sees the history on the detail page', async () => {
    const registration = newRegistration();
    const added = await addFiveDayPermitHere(registration, 'Ed Itor');

    await page.goto(`/permits?vehicleRegistration=${registration}`);
    await page.getByRole('heading', { name: 'Permits', level: 1 }).waitFor();
    await page.getByRole('link', { name: `Edit the permit for ${registration}` }).click();
    await page.waitForURL((url) => url.pathname === `/permits/edit/site/${added!.permitId}`);
    await page.getByRole('heading', { name: 'Edit permit' }).waitFor();
    // Focus moves to the new page's heading.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toMatch(/Edit permit/);
    violations.push(...(await axeViolations(page, 'light edit permit')));
    await page.getByLabel(/^End date/).fill(ukDay(9));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`The permit for ${registration} has been updated.`).waitFor();
    await page.getByText('Changed: End date.').waitFor();

    await page.getByRole('link', { name: 'View permit and history' }).click();
    await page.getByRole('heading', { name: 'Permit details' }).waitFor();
    await page.getByRole('heading', { name: 'History' }).waitFor();
    const edited = page.getByRole('row').filter({ hasText: 'Edited' });
    await expect
      .poll(() => edited.getByRole('cell').allTextContents())
      .toEqual([expect.any(String), MANAGER, 'Edited', 'End date', dmy(ukDay(5)), dmy(ukDay(9))]);
    await page.getByRole('row').filter({ hasText: 'Added' }).first().waitFor();
    violations.push(...(await axeViolations(page, 'light permit detail')));

    // Printing hides the navigation and the page's actions.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.locator('.mantine-AppShell-navbar').isVisible()).toBe(false);
    // Chromium's own print to PDF: the permit and its history fit on one A4 page.
    const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page\b(?!s)/g)?.length).toBe(1);
    await page.emulateMedia({ media: 'screen' });

    // The registration in the list leads to the same page; dark mode passes axe too.
    const dark = await signedIn('dark');
    await dark.goto(`/permits?vehicleRegistration=${registration}`);
    await dark.getByRole('link', { name: registration, exact: true }).click();
    await dark.getByRole('heading', { name: 'History' }).waitFor();
    await dark.getByRole('row').filter({ hasText: 'Edited' }).waitFor();
    violations.push(...(await axeViolations(dark, 'dark permit detail')));
    await dark.goto(`/permits/edit/site/${added!.permitId}`);
    await dark.getByRole('button', { name: 'Save changes' }).waitFor();
    violations.push(...(await axeViolations(dark, 'dark edit permit')));
    expect(violations).toEqual([]);
  });
});
