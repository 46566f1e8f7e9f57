import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFacts } from '../apps/server/src/db/seed/demo-facts.js';
import { launchBrowser, newContext } from './browser.js';
import { sharedServerUrl } from './shared-server.js';
import { DEMO_PASSWORD, signIn } from './sign-in.js';

const CLERK = 'clerk@acme.example';

/** The total in the table summary 'Showing 1–10 of N'. */
async function tableTotal(page: Page): Promise<number> {
  const summary = page.getByText(/^Showing \d+–\d+ of \d+$/);
  await summary.waitFor();
  return Number((await summary.textContent())?.match(/of (\d+)$/)?.[1]);
}

describe('the permit list in a browser', () => {
  const baseUrl = sharedServerUrl();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the clerk follows the Active permits counter to a list of exactly that many permits', async () => {
    await signIn(page, CLERK, DEMO_PASSWORD);
    const counter = page.getByTestId('counter-current-value');
    await counter.waitFor();
    const active = Number(await counter.textContent());
    expect(active).toBeGreaterThan(0);

    await page.getByTestId('counter-current').click();
    await page.waitForURL((url) => url.pathname === '/permits' && url.search === '?state=current');
    await page.getByRole('heading', { name: 'Permits', level: 1 }).waitFor();
    expect(await tableTotal(page)).toBe(active);
    expect(await page.getByRole('combobox', { name: 'Permit state' }).inputValue()).toBe('Current');
    // The clerk may add one permit at a time (Permits.Add), but neither bulk add nor expire.
    expect(await page.getByRole('link', { name: 'Add permit' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: /bulk add|expire/i }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
  });

  it('three letters of a plate find its permit; the whole plate (any case, with a space) narrows the table to it', async () => {
    const registration = demoFacts.vehiclesAtClerkSite.current;
    const search = page.getByRole('searchbox', { name: 'Search' });
    const lastThree = registration.slice(-3).toLowerCase();
    await search.fill(lastThree);
    await page.waitForURL((url) => url.searchParams.get('q') === lastThree);
    await page.getByRole('cell', { name: registration, exact: true }).waitFor();
    const typed = `${registration.slice(0, 4).toLowerCase()} ${registration.slice(4).toLowerCase()}`;
    await search.fill(typed);
    await page.waitForURL(
      (url) => url.searchParams.get('state') === 'current' && url.searchParams.get('q') === typed,
    );
    await expect.poll(() => tableTotal(page)).toBe(1);
    const rows = page.getByRole('row');
    expect(await rows.count()).toBe(2);
    const cells = await rows.nth(1).getByRole('cell').allTextContents();
    expect(cells[0]).toBe(demoFacts.clerkSite.number);
    expect(cells[1]).toBe(registration);
    // A permit's first day, as the user chose it (decision 0008): a UK day, no time.
    expect(cells[4]).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    expect(pageErrors).toEqual([]);
  });
});
