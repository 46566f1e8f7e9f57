import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.js';
import { type RunningServer, startServer } from './server-process.js';
import { apiAccessToken, DEMO_PASSWORD, signIn } from './sign-in.js';

const ADMIN = 'admin@operator.example';
const CLERK = 'clerk@acme.example';

/** Maintenance tells the truth: at once on a refused write, gone on the next load, never a past "will go offline". */
describe('maintenance in a browser that was already open', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const apiCalls: string[] = [];

  async function setConfig(entries: Record<string, string | null>) {
    const token = await apiAccessToken(server.url, ADMIN, DEMO_PASSWORD);
    const response = await fetch(`${server.url}/api/application/config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ config: entries }),
    });
    expect(response.status).toBe(200);
  }

  beforeAll(async () => {
    server = await startServer({ PERMIT_DIGEST_ENABLED: 'false' });
    browser = await launchBrowser();
    page = await (await newContext(browser, server.url)).newPage();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${url.pathname}`);
    });
    await signIn(page, CLERK, DEMO_PASSWORD);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('switches to the maintenance screen at once when a write meets maintenance', async () => {
    await page.goto('/account/password');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    // Maintenance starts while the clerk's page is open (its config still says online).
    await setConfig({
      ApplicationOfflineDate: new Date(Date.now() - 60_000).toISOString(),
      ApplicationOfflineMessage: 'Back **soon**.',
    });
    await page.getByLabel(/^Current password/).fill(DEMO_PASSWORD);
    await page.getByLabel(/^New password/).fill('Another-pass-2!');
    await page.getByLabel(/^Confirm new password/).fill('Another-pass-2!');
    const started = Date.now();
    apiCalls.length = 0;
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByTestId('maintenance-screen').waitFor();
    expect(Date.now() - started).toBeLessThan(3_000);
    await page.getByTestId('offline-message').getByText('soon').waitFor();
    // One try, not three, and no generic failure on the way.
    expect(apiCalls.filter((call) => call === 'POST /api/user/password')).toHaveLength(1);
    expect(await page.getByText(/could not be changed|Something went wrong/).count()).toBe(0);
  });

  it('shows the portal again on the next load once maintenance has ended', async () => {
    await setConfig({ ApplicationOfflineDate: null, ApplicationOfflineMessage: null });
    await page.reload();
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    expect(await page.getByTestId('maintenance-screen').count()).toBe(0);
  });

  it('never says the portal "will go offline" at a time already past', async () => {
    await setConfig({ ApplicationOfflineDate: new Date(Date.now() + 6_000).toISOString() });
    await page.reload();
    await page.getByTestId('offline-banner').waitFor();
    expect(await page.getByTestId('offline-banner').textContent()).toMatch(/will go offline/);
    await page.getByTestId('maintenance-screen').waitFor({ timeout: 20_000 });
    expect(await page.getByText(/will go offline/).count()).toBe(0);
    await setConfig({ ApplicationOfflineDate: null });
  });
});
