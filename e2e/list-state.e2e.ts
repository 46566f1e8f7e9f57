import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.js';
import { sharedServerUrl } from './shared-server.js';
import { DEMO_PASSWORD, signInByApi } from './sign-in.js';

const CLERK = 'clerk@acme.example';
const MANAGER = 'manager@acme.example';

/** The table summary, 'Showing 11–20 of N'. */
async function summary(page: Page): Promise<string> {
  const text = page.getByText(/^Showing \d+–\d+ of \d+$/);
  await text.waitFor();
  return (await text.textContent()) ?? '';
}

/** Every body row's text, top to bottom. */
async function bodyRows(page: Page): Promise<string[]> {
  return (await page.getByRole('row').allTextContents()).slice(1);
}

/** The body rows once the summary says `expected` and the rows are no longer `before` (a page change). */
async function shownRows(page: Page, expected: string, before?: string[]): Promise<string[]> {
  await expect.poll(() => summary(page)).toBe(expected);
  if (before) await expect.poll(() => bodyRows(page)).not.toEqual(before);
  return bodyRows(page);
}

describe('a list’s filters, sort and page kept in its address (decision 28)', () => {
  const baseUrl = sharedServerUrl();
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function signedIn(email: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, baseUrl);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await signInByApi(page, email, DEMO_PASSWORD);
    return { context, page };
  }

  it('the permit list shows the same page after a reload and from the copied address', async () => {
    const { context, page } = await signedIn(CLERK);
    await page.goto('/permits');
    await page.getByRole('heading', { name: 'Permits', level: 1 }).waitFor();
    await summary(page);

    // A filter, a sort and the second page.
    await page.getByRole('combobox', { name: 'Permit state' }).click();
    await page.getByRole('option', { name: 'Current' }).click();
    await page.waitForURL((url) => url.searchParams.get('state') === 'current');
    // The filtered, sorted page's answer, so that the total read is the filter's, not the list's before it.
    const sorted = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return (
        url.pathname.endsWith('/api/permits') &&
        url.searchParams.get('state') === 'current' &&
        url.searchParams.get('sort') === 'vehicleRegistration'
      );
    });
    await page.getByRole('button', { name: 'Vehicle registration', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'vehicleRegistration');
    const total = String(((await (await sorted).json()) as { total: number }).total);
    expect(Number(total)).toBeGreaterThan(10);
    await expect.poll(() => summary(page)).toBe(`Showing 1–10 of ${total}`);
    const firstPage = await bodyRows(page);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    const expected = `Showing 11–20 of ${total}`;
    const rows = await shownRows(page, expected, firstPage);
    expect(rows).toHaveLength(10);
    // Sorted by registration, ascending.
    const registrations = await page
      .getByRole('row')
      .evaluateAll((trs) => trs.slice(1).map((tr) => tr.querySelectorAll('td')[1]?.textContent ?? ''));
    expect(registrations).toEqual([...registrations].sort((a, b) => a.localeCompare(b)));
    const address = page.url();
    const url = new URL(address);
    expect(url.searchParams.get('state')).toBe('current');
    expect(url.searchParams.get('direction')).toBe('asc');

    // A reload shows the same rows, pager, sort and filter.
    await page.reload();
    await expect.poll(() => summary(page)).toBe(expected);
    await expect.poll(() => bodyRows(page)).toEqual(rows);
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(
      await page.getByRole('columnheader', { name: /Vehicle registration/ }).getAttribute('aria-sort'),
    ).toBe('ascending');
    expect(await page.getByRole('combobox', { name: 'Permit state' }).inputValue()).toBe('Current');

    // So does the copied address in a new page.
    const shared = await context.newPage();
    shared.on('pageerror', (e) => pageErrors.push(e.message));
    await shared.goto(address);
    await expect.poll(() => summary(shared)).toBe(expected);
    await expect.poll(() => bodyRows(shared)).toEqual(rows);

    // Back returns to the first page, still filtered and sorted.
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('page') && u.searchParams.get('state') === 'current');
    await expect.poll(() => summary(page)).toBe(`Showing 1–10 of ${total}`);
    expect(pageErrors).toEqual([]);
  });

  it('the user list keeps its filters and page too', async () => {
    const { context, page } = await signedIn(MANAGER);
    await page.goto('/admin/user/accounts');
    await page.getByRole('heading', { name: 'User accounts' }).waitFor();
    await summary(page);

    await page.getByRole('combobox', { name: 'User state' }).click();
    await page.getByRole('option', { name: 'Confirmed', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('state') === 'confirmed');
    await page.getByRole('searchbox', { name: 'E-mail address' }).fill('acme');
    await page.waitForURL((url) => url.searchParams.get('emailAddress') === 'acme');
    const first = await summary(page);
    const total = Number(first.match(/of (\d+)$/)?.[1]);
    expect(total).toBeGreaterThan(0);
    let expected = first;
    let before: string[] | undefined;
    if (total > 10) {
      before = await bodyRows(page);
      await page.getByRole('button', { name: 'Page 2' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      expected = `Showing 11–${Math.min(20, total)} of ${total}`;
    }
    const rows = await shownRows(page, expected, before);
    const address = page.url();

    await page.reload();
    await expect.poll(() => summary(page)).toBe(expected);
    await expect.poll(() => bodyRows(page)).toEqual(rows);
    expect(await page.getByRole('searchbox', { name: 'E-mail address' }).inputValue()).toBe('acme');
    expect(await page.getByRole('combobox', { name: 'User state' }).inputValue()).toBe('Confirmed');

    const shared = await context.newPage();
    shared.on('pageerror', (e) => pageErrors.push(e.message));
    await shared.goto(address);
    await expect.poll(() => summary(shared)).toBe(expected);
    await expect.poll(() => bodyRows(shared)).toEqual(rows);
    expect(pageErrors).toEqual([]);
  });
});
