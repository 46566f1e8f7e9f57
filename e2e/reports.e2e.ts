import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../apps/server/src/db/client.js';
import { selectRows } from '../apps/server/test/fixture-rows.js';
import { startSmtpInbox } from '../apps/server/test/smtp-inbox.js';
import { axeViolations } from './axe.js';
import { launchBrowser } from './browser.js';
import { freePort, type RunningServer, startServer } from './server-process.js';
import { signedInDemoPage } from './sign-in.js';

/** YYYY-MM-DD of the first and last day of last month (the run is in UK time). */
function lastMonth(now = new Date()) {
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getFullYear(), now.getMonth(), 0));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return { from: iso(first), to: iso(last) };
}

/**
 * A month passes while the server is down: the queued mail of the month the subscription was made in
 * becomes last month's, due now (as if the manager had subscribed a month ago). Only the server's own
 * job row (report_subscription_sends) changes, as the calendar would have changed it.
 */
async function monthPasses(dataDir: string): Promise<number> {
  const database = await openPglite(path.join(dataDir, 'pglite'));
  try {
    const moved = await selectRows<{ id: number }>(
      database.db,
      sql`update report_subscription_sends set period_from = (period_from - interval '1 month')::date,
            period_to = (period_from - interval '1 day')::date, due_at = now() - interval '1 minute'
          where sent_at is null returning id`,
    );
    return moved.length;
  } finally {
    await database.close();
  }
}

describe('reports in a browser', () => {
  let browser: Browser;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let server: RunningServer;
  let env: Record<string, string>;
  let baseUrl: string;
  const contexts: BrowserContext[] = [];

  const managerPage = (mode: 'light' | 'dark' = 'light') =>
    signedInDemoPage(browser, baseUrl, contexts, 'manager@acme.example', mode);

  async function download(page: Page, button: string) {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: button }).click(),
    ]);
    return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
  }

  // A server of its own with a mail inbox (it checks for due subscriptions as it starts, then each
  // minute), on a fixed port so that it can be restarted on the same data folder at the same address.
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    env = {
      PORT: String(await freePort()),
      SMTP_URL: inbox.url,
      PERMIT_DIGEST_ENABLED: 'false',
    };
    server = await startServer(env, { keepData: true });
    baseUrl = server.url;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await inbox?.close();
  });

  it('the Acme manager downloads the SG01 permit register as CSV and xlsx, subscribes to it monthly and the email arrives with the file', async () => {
    const page = await managerPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Reports');
    await expect.poll(() => page.title()).toBe('Reports | Client Portal');

    await page.getByRole('radio', { name: 'Permit register' }).check();
    await page.getByRole('combobox', { name: 'Site or group' }).click();
    await page.getByRole('option', { name: /^SG01 / }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('site')).toBe('SG01');
    const range = lastMonth();
    expect(await page.getByLabel('First day').inputValue()).toBe(range.from);
    expect(await page.getByLabel('Last day').inputValue()).toBe(range.to);

    const csv = await download(page, 'Download CSV');
    expect(csv.name).toBe(`Permit register-SG01-${range.from}-${range.to}.csv`);
    expect([...csv.bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const lines = new TextDecoder('utf-16le').decode(csv.bytes.subarray(2)).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Site or group\tVehicle registration\tDriver\tKind\tVisitor link\tFirst day\tLast day\tReason\tAuthorised by\tAdded by\tAdded at',
    );
    await page.getByText(`Downloaded ${csv.name}.`).waitFor();

    const xlsx = await download(page, 'Download Excel workbook');
    expect(xlsx.name).toBe(`Permit register-SG01-${range.from}-${range.to}.xlsx`);
    expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    // Monthly with the file attached are the defaults; subscribe by keyboard.
    await page.getByRole('radio', { name: 'Every month' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Every month' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Subscribe' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Subscribed: Permit register will be emailed to you every month.').waitFor();
    const table = page.getByRole('table', { name: 'Your report subscriptions' });
    const row = table.getByRole('row').filter({ hasText: 'Permit register' });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Permit register', 'SG01', 'Every month', 'Attached (CSV for Excel)']),
    );

    const found: string[] = [];
    found.push(...(await axeViolations(page, 'light reports with a subscription')));
    const dark = await managerPage('dark');
    await dark.goto('/reports?report=user-access');
    await dark.getByRole('table', { name: 'Your report subscriptions' }).waitFor();
    found.push(...(await axeViolations(dark, 'dark reports')));
    await dark.getByRole('button', { name: 'Download CSV' }).waitFor();
    expect(found).toEqual([]);

    expect(errors).toEqual([]);

    // Nothing is sent before the month is over.
    const registers = () => inbox.received.filter((m) => m.subject.startsWith('Permit register'));
    expect(registers()).toEqual([]);
    for (const context of contexts.splice(0)) await context.close();
    await server.stop();
    expect(await monthPasses(server.dataDir)).toBe(1);
    server = await startServer(env, { dataDir: server.dataDir, keepData: true });

    const mail = await inbox.waitFor('manager@acme.example', /^Permit register: /, 60_000);
    expect(mail.text).toContain('The report is attached.');
    expect(mail.text).toContain(`Open the report: ${baseUrl}/reports?report=permit-register`);
    expect(mail.attachments).toHaveLength(1);
    const [file] = mail.attachments;
    expect(file!.filename).toBe(`Permit register-SG01-${range.from}-${range.to}.csv`);
    expect([...file!.content.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const mailed = new TextDecoder('utf-16le').decode(file!.content.subarray(2)).trim().split('\r\n');
    expect(mailed[0]).toBe(lines[0]);
    // Once: nothing more arrives (the subscription's claims hold across restarts and checks).
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(registers()).toEqual([]);

    // The next month is queued; cancelling it empties the list.
    const again = await managerPage();
    await again.goto('/reports');
    const next = again
      .getByRole('table', { name: 'Your report subscriptions' })
      .getByRole('row')
      .filter({ hasText: 'Permit register' });
    await next.getByRole('button', { name: 'Cancel the subscription to Permit register for SG01' }).click();
    await again.getByText('You have no report subscriptions.').waitFor();
  }, 300_000);
});
