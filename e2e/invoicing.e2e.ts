import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFacts } from '../apps/server/src/db/seed/demo-facts.js';
import { launchBrowser, newContext } from './browser.js';
import { sharedServerUrl } from './shared-server.js';
import { DEMO_PASSWORD, signInByApi } from './sign-in.js';

/** dd/mm/yyyy and YYYY-MM-DD of the first and last day of last month, in the browser's (UK) terms. */
function lastMonth(now = new Date()) {
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getFullYear(), now.getMonth(), 0));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return { from: iso(first), to: iso(last) };
}

describe('generating an invoice in a browser', () => {
  let browser: Browser;
  const baseUrl = sharedServerUrl();
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the Acme manager generates last month’s parking transactions for 1001 and downloads the CSV', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await signInByApi(page, 'manager@acme.example', DEMO_PASSWORD);

    await page.goto('/invoicing');
    await expect.poll(() => page.title()).toBe('Invoicing | Client Portal');
    await page.getByRole('button', { name: 'Choose Parking transactions' }).click();

    // The query stage defaults to last month.
    const range = lastMonth();
    expect(await page.getByLabel(/^Start date/).inputValue()).toBe(range.from);
    expect(await page.getByLabel(/^End date/).inputValue()).toBe(range.to);

    // Generating without a site is refused in the form.
    await page.getByRole('button', { name: 'Generate invoice' }).click();
    // The error summary links to the site picker, which shows the same message.
    await page.getByTestId('error-summary').getByRole('link', { name: 'Please select a site.' }).waitFor();
    expect(await page.getByText('Please select a site.').count()).toBe(2);

    await page.getByPlaceholder('Type a site or site group number').fill('1001');
    await page.getByRole('option', { name: /^1001 – / }).click();
    await page.getByRole('button', { name: 'Generate invoice' }).click();

    await page.getByRole('button', { name: 'Download invoice' }).waitFor({ timeout: 20_000 });
    await page.getByRole('columnheader', { name: /Paid at/ }).waitFor();
    // Money shows as pounds with 2 decimals.
    await page
      .getByRole('cell', { name: /^£\d+\.\d{2}$/ })
      .first()
      .waitFor();
    const summary = page.getByText(/^Showing 1–10 of [\d,]+$/);
    await summary.waitFor();
    const number = (text: string) => Number(text.replaceAll(',', ''));
    const rowCount = number((await summary.textContent())!.match(/of ([\d,]+)$/)![1]!);
    // The heading names the site as well as its number.
    await page
      .getByRole('heading', {
        level: 2,
        name: new RegExp(`^Parking transactions for 1001 – ${demoFacts.clerkSite.name}, `),
      })
      .waitFor();
    // The results add up: rows, and the columns where a sum makes sense.
    const totals = (await page.getByTestId('invoice-totals').textContent())!;
    expect(number(totals.match(/^Totals over ([\d,]+) rows · /)![1]!)).toBe(rowCount);
    expect(totals).toMatch(/ · Duration \(minutes\): [\d,]+( · |$)/);
    const amount = number(totals.match(/ · Amount: £([\d,]+\.\d{2})( · |$)/)![1]!);
    const firstPaidAt = (await page.getByRole('row').nth(1).getByRole('cell').first().textContent())!;
    expect(firstPaidAt).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download invoice' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`1001-Parking transactions-${range.from}-${range.to}.csv`);
    const bytes = await readFile((await download.path())!);
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xfe]);
    const text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
    expect(text.split('\r\n')[0]).toBe(
      'Paid at\tSite\tVehicle registration\tDuration (minutes)\tPayment method\tAmount',
    );
    const lines = text.trimEnd().split('\r\n');
    // The same UK local time as the table (the same first row: the file keeps the table's order).
    expect(lines[1]!.split('\t')[0]).toBe(firstPaidAt);
    // The file ends with the same totals as the table.
    const totalCells = lines.at(-1)!.split('\t');
    expect(totalCells[0]).toBe(`Total (${rowCount} rows)`);
    expect(Number(totalCells.at(-1))).toBe(amount);
    expect(lines.length).toBe(rowCount + 2);

    // The same invoice as a workbook: its own name, a zip (an .xlsx file) the browser saves as it is.
    const [workbook] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Excel workbook' }).click(),
    ]);
    expect(workbook.suggestedFilename()).toBe(`1001-Parking transactions-${range.from}-${range.to}.xlsx`);
    expect((await readFile((await workbook.path())!)).subarray(0, 2).toString('latin1')).toBe('PK');

    // Reset goes back to the first stage; header steps only go back.
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByRole('button', { name: 'Choose Parking transactions' }).waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  }, 90_000);
});
