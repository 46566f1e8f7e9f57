import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.js';
import { waitForBulkUpload } from './bulk-upload.js';
import { type RunningServer, startServer } from './server-process.js';
import { apiAccessToken, DEMO_PASSWORD, signIn } from './sign-in.js';

const ADMIN = 'admin@operator.example';
const SITE = '2003';
const ROWS = 5000;

/** Today in the UK as dd/mm/yyyy, as a spreadsheet saves it. */
function ukToday(): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' }).format(new Date());
}

/** Bulk add at real sizes: 5,000 rows checked in the browser without freezing it, stored in one request. */
describe('bulk adding 5,000 permits in a browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let dir: string;

  beforeAll(async () => {
    server = await startServer({ PERMIT_DIGEST_ENABLED: 'false' });
    browser = await launchBrowser();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulk-5000-'));
    // No allowance at the site, so all 5,000 fit.
    const token = await apiAccessToken(server.url, ADMIN, DEMO_PASSWORD);
    const response = await fetch(`${server.url}/api/permits/allowances`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify([
        { site_SiteGroupNumber: SITE, temporaryAllowance: null, permanentAllowance: null },
      ]),
    });
    expect(response.status).toBe(200);
    page = await (await newContext(browser, server.url)).newPage();
    await signIn(page, ADMIN, DEMO_PASSWORD);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('checks a 5,000-row file with progress while the page keeps drawing, then stores every row at once', async () => {
    const file = path.join(dir, 'permits.csv');
    const lines = ['Site,Vehicle Registration,Driver Name,Temporary,Start Date,End Date'];
    for (let i = 0; i < ROWS; i++)
      lines.push(`${SITE},BK${String(i).padStart(6, '0')},Bulk Driver,No,${ukToday()},`);
    fs.writeFileSync(file, lines.join('\r\n'));

    await page.goto('/permits/bulk-add');
    await page.getByRole('button', { name: 'Choose a CSV file' }).waitFor();
    // Measures the longest gap between two animation frames from now on: a frozen page draws none.
    await page.evaluate(() => {
      const w = window as unknown as { longestFrameGap: number; measuring: boolean };
      w.longestFrameGap = 0;
      w.measuring = true;
      let last = performance.now();
      const tick = (now: number) => {
        w.longestFrameGap = Math.max(w.longestFrameGap, now - last);
        last = now;
        if (w.measuring) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Choose a CSV file' }).click(),
    ]);
    await chooser.setFiles(file);
    await page
      .getByRole('status')
      .filter({ hasText: /Checking the rows: [\d,]+ of 5,000 done/ })
      .waitFor();
    await page.getByText(`${ROWS} of ${ROWS} rows are valid.`).waitFor({ timeout: 60_000 });
    const gap = await page.evaluate(() => {
      const w = window as unknown as { longestFrameGap: number; measuring: boolean };
      w.measuring = false;
      return w.longestFrameGap;
    });
    console.log(`bulk add of ${ROWS} rows: longest frame gap while checking ${gap.toFixed(0)} ms`);
    expect(gap).toBeLessThan(1_000);

    const requests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/permits' && request.method() === 'POST')
        requests.push(request.url());
    });
    const started = Date.now();
    await page.getByRole('button', { name: 'Upload' }).click();
    // Rows whose plates a camera read something like are confirmed once for the whole file (decision 35).
    await waitForBulkUpload(
      page,
      page.getByText(`The file has been uploaded and ${ROWS} permits have been added.`),
      { timeout: 60_000 },
    );
    console.log(`bulk add of ${ROWS} rows: stored in ${Date.now() - started} ms`);
    expect(requests).toHaveLength(1);
  });
});
