import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.js';
import { sharedServerUrl } from './shared-server.js';
import { apiAccessToken, apiCaller, DEMO_PASSWORD, signInByApi } from './sign-in.js';

const CLERK = 'clerk@acme.example';
const MANAGER = 'manager@acme.example';
const ADMIN = 'admin@operator.example';

/** A page, or the part of one that holds the table (one of several on the page). */
type Scope = Page | Locator;

/** The table summary, 'Showing 11–20 of N' (thousands with commas). */
async function summary(page: Scope): Promise<string> {
  const text = page.getByText(/^Showing \d+–\d+ of [\d,]+$/);
  await text.waitFor();
  return (await text.textContent()) ?? '';
}

/** The summary's total. */
const totalOf = (text: string) => Number(text.match(/of ([\d,]+)$/)?.[1]?.replaceAll(',', ''));

/** Every body row's text, top to bottom. */
async function bodyRows(page: Scope): Promise<string[]> {
  return (await page.getByRole('row').allTextContents()).slice(1);
}

/** The body rows once two reads a moment apart agree (a page's answer drawn). */
async function stableRows(page: Scope): Promise<string[]> {
  let last = await bodyRows(page);
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await bodyRows(page);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  return last;
}

/** The body rows once the summary says `expected` and the rows are no longer `before` (a page change). */
async function shownRows(page: Scope, expected: string, before?: string[]): Promise<string[]> {
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
    await page.getByRole('searchbox', { name: 'Email address' }).fill('acme');
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
    expect(await page.getByRole('searchbox', { name: 'Email address' }).inputValue()).toBe('acme');
    expect(await page.getByRole('combobox', { name: 'User state' }).inputValue()).toBe('Confirmed');

    const shared = await context.newPage();
    shared.on('pageerror', (e) => pageErrors.push(e.message));
    await shared.goto(address);
    await expect.poll(() => summary(shared)).toBe(expected);
    await expect.poll(() => bodyRows(shared)).toEqual(rows);
    expect(pageErrors).toEqual([]);
  });

  /**
   * Sorts the table in `scope` by `column` (ascending) and goes to its second page; `param` is the
   * prefix of the address's fields (`history.` for `history.sort`). A server-paged list names the sort
   * it sends (`serverSort`): each step waits for its answer, so that the next starts from the page it
   * asked for. The rows and summary then shown, and the address.
   */
  async function sortAndPage(
    page: Page,
    scope: Scope,
    column: string,
    param: string,
    serverSort?: string,
  ): Promise<{ expected: string; rows: string[]; address: string }> {
    const answer = (paged: boolean) =>
      serverSort
        ? page.waitForResponse((response) => {
            const url = new URL(response.url());
            return (
              url.pathname.startsWith('/api/') &&
              url.searchParams.get('sort') === serverSort &&
              url.searchParams.get('direction') === 'asc' &&
              url.searchParams.has('after') === paged
            );
          })
        : Promise.resolve();
    const first = await summary(scope);
    const total = totalOf(first);
    expect(total).toBeGreaterThan(10);
    const sorted = answer(false);
    await scope.getByRole('button', { name: column, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get(`${param}sort`) !== null);
    await sorted;
    await expect
      .poll(() => scope.getByRole('columnheader', { name: column }).getAttribute('aria-sort'))
      .toBe('ascending');
    await expect.poll(() => summary(scope)).toBe(`Showing 1–10 of ${total}`);
    const before = await stableRows(scope);
    const paged = answer(true);
    await scope.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get(`${param}page`) === '2');
    await paged;
    const expected = `Showing 11–${Math.min(20, total)} of ${total}`;
    await shownRows(scope, expected, before);
    const rows = await stableRows(scope);
    const address = page.url();
    expect(new URL(address).searchParams.get(`${param}direction`)).toBe('asc');
    return { expected, rows, address };
  }

  /** The copied address opened by the same user in a new browser context shows `rows` under `expected`. */
  async function sameFromCopiedAddress(
    email: string,
    address: string,
    expected: string,
    rows: string[],
    scopeOf: (page: Page) => Scope = (page) => page,
  ) {
    const { page } = await signedIn(email);
    await page.goto(address);
    const scope = scopeOf(page);
    await expect.poll(() => summary(scope), { timeout: 20_000 }).toBe(expected);
    await expect.poll(() => bodyRows(scope)).toEqual(rows);
    expect(page.url()).toBe(address);
  }

  it('the ticket history keeps its sort and page', async () => {
    const { page } = await signedIn(MANAGER);
    await page.goto('/tickets/cancel');
    await page.getByRole('heading', { name: 'Cancelled tickets' }).waitFor();
    const history = page.getByRole('table').last();
    await summary(page);
    const { expected, rows, address } = await sortAndPage(
      page,
      page,
      'Ticket number',
      'history.',
      'ticketNumber',
    );
    expect(new URL(address).searchParams.get('history.sort')).toBe('ticketNumber');

    await page.reload();
    await expect.poll(() => summary(page)).toBe(expected);
    await expect.poll(() => bodyRows(page)).toEqual(rows);
    expect(await history.getByRole('columnheader', { name: /Ticket number/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await sameFromCopiedAddress(MANAGER, address, expected, rows);
    expect(pageErrors).toEqual([]);
  });

  it('a statistics chart’s table keeps its sort and page beside the page’s choices', async () => {
    const { page } = await signedIn(MANAGER);
    await page.goto('/statistics?site=SG01&period=last-month&table=stays');
    const stays = page.locator('[data-chart="stays"]');
    await stays.getByRole('table', { name: 'Stays and income per day' }).waitFor();
    const { expected, rows, address } = await sortAndPage(page, stays, 'Stays', 'stays.');
    const url = new URL(address);
    expect(url.searchParams.get('stays.sort')).toBe('stays');
    expect(url.searchParams.get('site')).toBe('SG01');
    expect(url.searchParams.get('table')).toBe('stays');

    await page.reload();
    await expect.poll(() => summary(stays)).toBe(expected);
    await expect.poll(() => bodyRows(stays)).toEqual(rows);
    // The page's own choices are read back too: the same site and period.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Site or group' }).inputValue())
      .toMatch(/^SG01/);
    await sameFromCopiedAddress(MANAGER, address, expected, rows, (p) => p.locator('[data-chart="stays"]'));
    expect(pageErrors).toEqual([]);
  });

  it('the account overview’s sites table keeps its sort and page', async () => {
    const { page } = await signedIn(ADMIN);
    await page.goto('/account/overview');
    await page.getByRole('heading', { name: 'Account overview', level: 1 }).waitFor();
    await summary(page);
    const { expected, rows, address } = await sortAndPage(page, page, 'Name', '');
    expect(new URL(address).searchParams.get('sort')).toBe('name');

    await page.reload();
    await expect.poll(() => summary(page)).toBe(expected);
    await expect.poll(() => bodyRows(page)).toEqual(rows);
    await sameFromCopiedAddress(ADMIN, address, expected, rows);
    expect(pageErrors).toEqual([]);
  });

  it('the invoice results keep the invoice, its sort and page: a reload reopens the same page', async () => {
    const { page } = await signedIn(MANAGER);
    await page.goto('/invoicing');
    await page.getByRole('button', { name: 'Choose Parking transactions' }).click();
    await page.getByPlaceholder('Type a site or site group number').fill('1001');
    await page.getByRole('option', { name: /^1001 – / }).click();
    await page.getByRole('button', { name: 'Generate invoice' }).click();
    await page.getByRole('button', { name: 'Download invoice' }).waitFor({ timeout: 20_000 });
    await page.waitForURL((url) => url.searchParams.get('key') === 'parking-transactions');
    const invoiceHeading = page.getByRole('heading', { level: 2, name: /^Parking transactions for 1001 – / });
    const heading = (await invoiceHeading.textContent()) ?? '';
    const { expected, rows, address } = await sortAndPage(page, page, 'Amount', '', 'amount');
    const url = new URL(address);
    expect(url.searchParams.get('site')).toBe('1001');
    expect(url.searchParams.get('sort')).toBe('amount');

    await page.reload();
    await page.getByRole('button', { name: 'Download invoice' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => summary(page)).toBe(expected);
    await expect.poll(() => bodyRows(page)).toEqual(rows);
    expect(await invoiceHeading.textContent()).toBe(heading);
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('columnheader', { name: /Amount/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await sameFromCopiedAddress(MANAGER, address, expected, rows);

    // Back is the first page of the same invoice; Reset takes the invoice out of the address.
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('page') && u.searchParams.get('sort') === 'amount');
    await expect.poll(() => summary(page)).toBe(`Showing 1–10 of ${totalOf(expected)}`);
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByRole('button', { name: 'Choose Parking transactions' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('the notification centre keeps its unread filter and page', async () => {
    // More unread notifications than one page holds, for the admin only (holders of Application.SysAdmin).
    const token = await apiAccessToken(baseUrl, ADMIN, DEMO_PASSWORD);
    const call = apiCaller(
      () => baseUrl,
      () => token,
    );
    const stamp = Date.now();
    for (let i = 1; i <= 11; i++) {
      await call('POST', '/notifications/sent', {
        title: `List state ${stamp} #${i}`,
        body: 'A notification to page through.',
        severity: 'information',
        audience: { kind: 'features', features: ['Application.SysAdmin'] },
      });
    }
    const { page } = await signedIn(ADMIN);
    await page.goto('/notifications');
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    const items = () => page.getByTestId('notification-item').locator('h2').allTextContents();
    const status = page.getByRole('status').filter({ hasText: /notifications?, \d+ unread$/ });
    await status.waitFor();

    await page.getByText('Unread only').click();
    await page.waitForURL((url) => url.searchParams.get('unread') === 'true');
    await expect.poll(async () => (await page.getByTestId('notification-item').all()).length).toBe(10);
    const firstPage = await items();
    await page.getByRole('button', { name: 'Older' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(items).not.toEqual(firstPage);
    const shown = await items();
    expect(shown.length).toBeGreaterThan(0);
    const address = page.url();
    const text = (await status.textContent()) ?? '';

    await page.reload();
    await expect.poll(items).toEqual(shown);
    expect(await status.textContent()).toBe(text);
    expect(await page.getByRole('radio', { name: 'Unread only' }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Newer' }).isEnabled()).toBe(true);

    const other = await signedIn(ADMIN);
    await other.page.goto(address);
    await expect
      .poll(() => other.page.getByTestId('notification-item').locator('h2').allTextContents())
      .toEqual(shown);
    expect(await other.page.getByRole('radio', { name: 'Unread only' }).isChecked()).toBe(true);

    // Back is the first page, still unread only.
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('page') && u.searchParams.get('unread') === 'true');
    await expect.poll(items).toEqual(firstPage);
    expect(pageErrors).toEqual([]);
  });
});
