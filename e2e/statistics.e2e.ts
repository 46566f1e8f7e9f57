import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser } from './browser.js';
import { sharedServerUrl } from './shared-server.js';
import { signedInDemoPage } from './sign-in.js';

/** YYYY-MM-DD of the first and last day of last month (the run is in UK time). */
function lastMonth(now = new Date()) {
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getFullYear(), now.getMonth(), 0));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return { from: iso(first), to: iso(last) };
}
const uk = (day: string) => day.split('-').reverse().join('/');

describe('statistics in a browser', () => {
  let browser: Browser;
  const baseUrl = sharedServerUrl();
  const contexts: BrowserContext[] = [];

  const managerPage = (mode: 'light' | 'dark' = 'light') =>
    signedInDemoPage(browser, baseUrl, contexts, 'manager@acme.example', mode);

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('the Acme manager opens SG01 last month, shows a chart as its table and downloads its CSV', async () => {
    const page = await managerPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The navbar leads there; focus moves to the page heading.
    await page.getByRole('link', { name: 'Statistics' }).first().click();
    await page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Statistics');
    await expect.poll(() => page.title()).toBe('Statistics | Client Portal');

    await page.getByRole('combobox', { name: 'Site or group' }).click();
    await page.getByRole('option', { name: /^SG01 / }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('site')).toBe('SG01');
    const range = lastMonth();
    await page.getByText(`from ${uk(range.from)} to ${uk(range.to)}`).waitFor();
    await page.getByRole('table', { name: 'Site comparison' }).waitFor();
    // The table is drawn as soon as the first answer comes; its rows follow the chosen site's answer.
    await expect
      .poll(() => page.getByRole('table', { name: 'Site comparison' }).getByRole('row').count(), {
        timeout: 15_000,
      })
      .toBe(7);

    const stays = page.locator('[data-chart="stays"]');
    await stays.locator('label', { hasText: 'Table' }).click();
    await stays.getByRole('table', { name: 'Stays and income per day' }).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('table')).toBe('stays');
    await stays.getByRole('cell', { name: uk(range.from), exact: true }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      stays.getByRole('button', { name: 'Download Stays and income per day as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statistics-stays-SG01-${range.from}-${range.to}.csv`);
    // UTF-8 with a byte order mark, so Excel reads the pound sign in the header.
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Day,Stays,Income (£),Average stay (minutes)');
    expect(lines).toHaveLength(Number(range.to.slice(8)) + 1);
    expect(lines[1]?.startsWith(`${range.from},`)).toBe(true);

    // The link reproduces the view.
    const again = await managerPage();
    await again.goto(page.url().replace(baseUrl, ''));
    await again
      .locator('[data-chart="stays"]')
      .getByRole('table', { name: 'Stays and income per day' })
      .waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('passes axe in light and dark mode, charts and tables', async () => {
    const found: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      const page = await managerPage(mode);
      await page.goto('/statistics?site=SG01&period=last-12-months');
      await page.getByRole('table', { name: 'Site comparison' }).waitFor();
      found.push(...(await axeViolations(page, `${mode} statistics`)));
      await page.goto(
        '/statistics?site=SG01&period=last-12-months&table=active,added,enforcement,methods,occupancy,reasons,stays',
      );
      await page.getByRole('table', { name: 'Occupancy by hour and day of the week' }).waitFor();
      found.push(...(await axeViolations(page, `${mode} statistics tables`)));
      await page.goto('/statistics?period=custom&from=2020-01-01&to=2025-01-01');
      // The refusal, not another alert on the page (an urgent notification's banner may be showing).
      await page.getByRole('alert').filter({ hasText: 'The statistics could not be' }).waitFor();
      found.push(...(await axeViolations(page, `${mode} statistics refused period`)));
    }
    expect(found).toEqual([]);
  }, 180_000);
});
