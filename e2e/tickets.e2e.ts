import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.js';
import { sharedServerUrl } from './shared-server.js';
import { DEMO_PASSWORD, signIn } from './sign-in.js';

// The shared servers are shared by the journeys: these tickets are used by this file only.
const TO_CANCEL = 'PCN10000003';
const TO_REDUCE = 'PCN10000004';
const PAID = 'PCN10000013';
const NO_REDUCTIONS = 'PCN10000016';

async function lookUp(page: Page, ticketNumber: string) {
  const input = page.getByRole('textbox', { name: /^Ticket number/ });
  // Typed in lower case: the form upper-cases it.
  await input.fill(ticketNumber.toLowerCase());
  expect(await input.inputValue()).toBe(ticketNumber);
  await page.getByRole('button', { name: 'Find ticket' }).click();
}

describe('cancelling and reducing tickets in a browser', () => {
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

  it('the clerk sees the overview, cancels a ticket and is refused a paid one', async () => {
    const page = await signedIn('clerk@acme.example');
    await page.goto('/tickets');
    // A user limited to their own sites who may act starts on the allowances.
    await page.waitForURL('**/tickets/overview');
    await page.getByRole('heading', { name: 'Ticket allowances' }).waitFor();
    await page.getByRole('cell', { name: /^1001 – / }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Tickets menu' });
    expect(await menu.getByRole('link', { name: 'Reduce a ticket' }).count()).toBe(0);

    await menu.getByRole('link', { name: 'Cancel a ticket' }).click();
    await page.waitForURL('**/tickets/cancel');
    await expect.poll(() => page.title()).toBe('Cancel a ticket | Client Portal');
    // The clerk lacks Tickets.ViewCancelled: no history box, and no failing call for one (decision 0008).
    await page.getByRole('textbox', { name: /^Ticket number/ }).waitFor();
    expect(await page.getByText('Failed to retrieve cancelled tickets.').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Cancelled tickets' }).count()).toBe(0);

    await lookUp(page, TO_CANCEL);
    await page.getByRole('cell', { name: TO_CANCEL }).waitFor();
    await page
      .getByText(/^\d{2}\/\d{2}\/\d{4}$/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Cancel ticket' }).click();
    await page.getByText(`The ticket ${TO_CANCEL} has been cancelled and cleared.`).waitFor();

    await page.getByRole('button', { name: 'Return to search' }).click();
    await lookUp(page, PAID);
    await page.getByText(`The ticket ${PAID} cannot be cancelled for the following reasons:`).waitFor();
    await page.getByText('The ticket has already been paid.').waitFor();
    await page.getByRole('button', { name: 'Return to search' }).click();
    await page.getByRole('textbox', { name: /^Ticket number/ }).waitFor();

    // Cancelled now: looking it up again is refused.
    await lookUp(page, TO_CANCEL);
    await page.getByText('The ticket has already been cancelled.').waitFor();
    await page.context().close();
  });

  it('the Acme manager sees the cancel in the history, reduces a ticket and is refused at a no-reductions site', async () => {
    const page = await signedIn('manager@acme.example');
    await page.goto('/tickets/cancel');
    const cancelledRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: TO_CANCEL }) });
    await cancelledRow.waitFor();
    // Newest action first.
    const firstRow = page.getByRole('row').nth(1);
    expect(await firstRow.getByRole('cell', { name: TO_CANCEL }).count()).toBe(1);

    await page
      .getByRole('navigation', { name: 'Tickets menu' })
      .getByRole('link', { name: 'Reduce a ticket' })
      .click();
    await page.waitForURL('**/tickets/reduce');
    await page.getByRole('heading', { name: 'Reduced tickets' }).waitFor();
    await lookUp(page, TO_REDUCE);
    await page.getByText('Do you want to reduce this ticket to £60.00?').waitFor();
    await page.getByRole('button', { name: 'Accept reduction' }).click();
    await page.getByText(`The ticket ${TO_REDUCE} has been reduced to £60.00.`).waitFor();
    await page.getByText(/may now be paid at the reduced amount on the payments site/).waitFor();

    await page.getByRole('button', { name: 'Return to search' }).click();
    await page.getByRole('cell', { name: TO_REDUCE }).waitFor();

    await lookUp(page, NO_REDUCTIONS);
    await page
      .getByText(`The ticket ${NO_REDUCTIONS} cannot be reduced for the following reasons:`)
      .waitFor();
    await page.getByText('This site does not allow tickets to be reduced.').waitFor();
    await page.context().close();
    expect(pageErrors).toEqual([]);
  });
});
