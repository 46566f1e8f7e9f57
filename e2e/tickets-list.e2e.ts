import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.js';
import { sharedServerUrl } from './shared-server.js';
import { DEMO_PASSWORD, signIn } from './sign-in.js';

// Open tickets at the clerk's site (1001) that no other journey acts on.
const TO_CANCEL = 'PCN10000002';
const TO_REDUCE = 'PCN10000008';

/** Presses Tab until the element `name`s focus lands on (at most 80 presses): reachable by keyboard. */
async function tabTo(page: Page, accessibleName: string): Promise<void> {
  for (let press = 0; press < 80; press++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(
      () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
    );
    if (focused.trim() === accessibleName) return;
  }
  throw new Error(`Tab never reached ${accessibleName}`);
}

describe('the charges at my car parks (issue 24)', () => {
  let browser: Browser;
  const baseUrl = sharedServerUrl();
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function signedIn(email: string): Promise<Page> {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await signIn(page, email, DEMO_PASSWORD);
    return page;
  }

  it('a clerk opens the charges at her site and cancels one with a reason, by keyboard', async () => {
    const page = await signedIn('clerk@acme.example');
    await page.goto('/tickets');
    await page.waitForURL('**/tickets/overview');
    await page
      .getByRole('navigation', { name: 'Tickets menu' })
      .getByRole('link', { name: 'Tickets at your sites' })
      .click();
    await page.waitForURL('**/tickets/list');
    await page.getByRole('heading', { name: 'Tickets at your sites', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Tickets at your sites | Client Portal');
    // Only her site's tickets, newest first.
    await page
      .getByRole('cell', { name: /^1001 – / })
      .first()
      .waitFor();
    expect(await page.getByRole('cell', { name: /^100[2-9] – / }).count()).toBe(0);

    // The number as people type it: lower case, with a space after the PCN.
    await page
      .getByRole('searchbox', { name: 'Ticket number or registration' })
      .fill(`pcn ${TO_CANCEL.slice(3)}`);
    await page.waitForURL((url) => url.searchParams.get('search') === `pcn ${TO_CANCEL.slice(3)}`);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: TO_CANCEL, exact: true }) });
    await row.waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    expect(await row.getByRole('cell', { name: 'Open', exact: true }).count()).toBe(1);

    // Keyboard only: Tab to the row's Cancel, Enter.
    await page.getByRole('searchbox', { name: 'Ticket number or registration' }).focus();
    await tabTo(page, `Cancel ticket ${TO_CANCEL}`);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Cancel ticket ${TO_CANCEL}`, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/tickets/list/cancel/${TO_CANCEL}`);
    // The amount due before and after.
    await page
      .getByRole('cell', { name: /^£\d+\.\d{2}$/ })
      .first()
      .waitFor();
    await page.getByText(/^Cancel this ticket\? The amount due goes from £\d+\.\d{2} to £0\.00\.$/).waitFor();

    // A reason is required; Other needs a note.
    await page.getByRole('button', { name: 'Cancel ticket' }).click();
    await page.getByTestId('error-summary').getByText('Please choose a reason.').waitFor();
    await page.getByRole('radio', { name: 'Other' }).check();
    await page.getByRole('button', { name: 'Cancel ticket' }).click();
    await page.getByTestId('error-summary').getByText('Please say what the reason is.').waitFor();
    // Chosen by keyboard: the first reason, then down the group to Minor keying error.
    await page.getByRole('radio', { name: 'Valid permit not registered' }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: 'Minor keying error' }).isChecked()).toBe(true);
    await tabTo(page, 'Cancel ticket');
    await page.keyboard.press('Enter');

    // Back on the same filtered list, which says what happened and shows the new state and the reason.
    await page.waitForURL((url) => url.pathname === '/tickets/list' && url.searchParams.has('search'));
    await page
      .getByText(new RegExp(`^The ticket ${TO_CANCEL} has been cancelled: the amount due went from £`))
      .waitFor();
    await row.getByRole('cell', { name: 'Cancelled', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Minor keying error', exact: true }).waitFor();
    expect(await row.getByRole('link', { name: `Cancel ticket ${TO_CANCEL}` }).count()).toBe(0);

    // The filter lives in the address: a reload shows the same list; the status filter finds it too.
    await page.reload();
    await row.getByRole('cell', { name: 'Cancelled', exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Cancelled' }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'cancelled');
    await row.waitFor();
    await page.context().close();
  });

  it('the manager reduces one with Other and a note, and sees it in the reduced history', async () => {
    const page = await signedIn('manager@acme.example');
    await page.goto(`/tickets/list?search=${TO_REDUCE}`);
    await page.getByRole('link', { name: `Reduce ticket ${TO_REDUCE}` }).click();
    await page.getByRole('heading', { name: `Reduce ticket ${TO_REDUCE}`, level: 1 }).waitFor();
    await page
      .getByText(/^Reduce this ticket\? The amount due goes from £\d+\.\d{2} to £\d+\.\d{2}\.$/)
      .waitFor();
    await page.getByRole('radio', { name: 'Other' }).check();
    await page.getByRole('textbox', { name: 'Note' }).fill('Meter out of order');
    await page.getByRole('button', { name: 'Accept reduction' }).click();
    await page.getByText(new RegExp(`^The ticket ${TO_REDUCE} has been reduced`)).waitFor();
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: TO_REDUCE, exact: true }) });
    await row.getByRole('cell', { name: /^Reduced until / }).waitFor();
    await row.getByRole('cell', { name: 'Other: Meter out of order' }).waitFor();

    await page.goto('/tickets/reduce');
    const history = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: TO_REDUCE, exact: true }) });
    await history.getByRole('cell', { name: 'Other: Meter out of order' }).waitFor();
    // A ticket at another client's site is not found, whatever the address says.
    await page.goto('/tickets/list/cancel/PCN10000021');
    await page.getByText('The ticket PCN10000021 cannot be cancelled for the following reasons:').waitFor();
    await page.context().close();
    expect(pageErrors).toEqual([]);
  });
});
